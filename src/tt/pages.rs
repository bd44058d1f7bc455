//! The transposition table's memory: one zeroed allocation, aligned to 2 MiB when it is that large
//! and, on Linux, advised to the kernel as transparent huge pages before its first write. A probe
//! of a table of many megabytes lands on a random page; with 2 MiB pages far fewer of those probes
//! miss the TLB and wait for a page walk. Where the kernel declines the advice (transparent huge
//! pages set to `never`), the table is the same table on ordinary pages. The advice helps only
//! memory not yet touched: glibc maps anything of 32 MiB or more afresh, but may serve a smaller
//! table (after a larger one was freed) from memory it reuses, which stays on small pages.

use std::alloc::{Layout, alloc, dealloc};
use std::ops::Deref;
use std::ptr::NonNull;

/// A huge page on x86-64 and aarch64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// Types for which the all-zero bit pattern is a valid value.
///
/// # Safety
/// An implementor must be valid when every byte of it is zero and need no destructor (integers and
/// atomics of them, and arrays and structs of such types, qualify).
pub unsafe trait Zeroable {}

/// A fixed-length, zero-initialised slice of `T` in memory of its own (see the module header).
pub struct Pages<T: Zeroable> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: `Pages` owns its elements as a `Box<[T]>` would: sending it sends the `T`s.
unsafe impl<T: Zeroable + Send> Send for Pages<T> {}
// SAFETY: shared access hands out `&[T]` only, as `&Box<[T]>` would.
unsafe impl<T: Zeroable + Sync> Sync for Pages<T> {}

impl<T: Zeroable> Pages<T> {
    /// `len` zeroed elements (at least one), or `None` if the memory cannot be had.
    pub fn zeroed(len: usize) -> Option<Self> {
        let len = len.max(1);
        let bytes = len.checked_mul(size_of::<T>())?.max(1);
        let align = if bytes >= HUGE_PAGE { HUGE_PAGE } else { align_of::<T>() };
        let layout = Layout::from_size_align(bytes, align).ok()?;
        // SAFETY: `layout` has a non-zero size.
        let ptr = NonNull::new(unsafe { alloc(layout) }.cast::<T>())?;
        advise_huge_pages(ptr.as_ptr().cast(), bytes);
        // SAFETY: `ptr` is a fresh allocation of `bytes` bytes, writable and owned here.
        unsafe { ptr.as_ptr().cast::<u8>().write_bytes(0, bytes) };
        Some(Pages { ptr, len, layout })
    }
}

impl<T: Zeroable> Deref for Pages<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` elements, initialised (all-zero is valid for `T: Zeroable`) and
        // alive as long as `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for Pages<T> {
    fn drop(&mut self) {
        // SAFETY: `Zeroable` elements need no destructor, and `ptr` was allocated with `layout`.
        unsafe { dealloc(self.ptr.as_ptr().cast(), self.layout) }
    }
}

/// Asks Linux to back `[ptr, ptr + bytes)` with transparent huge pages (only whole 2 MiB pages of
/// it can be); a refusal is harmless, so its answer is not read.
#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut libc::c_void, bytes: usize) {
    if bytes >= HUGE_PAGE {
        // SAFETY: the range is one live allocation of ours; the advice changes no contents.
        unsafe { libc::madvise(ptr, bytes, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: *mut u8, _: usize) {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    // SAFETY: an `AtomicU64` of zero bytes is the atomic holding 0.
    unsafe impl Zeroable for AtomicU64 {}

    #[test]
    fn small_and_huge_tables_start_zeroed_and_are_aligned() {
        for len in [0, 1, 1000, (HUGE_PAGE / 8) * 3 + 5] {
            let t = Pages::<AtomicU64>::zeroed(len).unwrap();
            assert_eq!(t.len(), len.max(1));
            assert!(t.iter().all(|w| w.load(Relaxed) == 0));
            t[t.len() - 1].store(7, Relaxed);
            assert_eq!(t[t.len() - 1].load(Relaxed), 7);
            let align = if len * 8 >= HUGE_PAGE { HUGE_PAGE } else { 8 };
            assert_eq!(t.as_ptr() as usize % align, 0);
        }
    }

    /// The kernel backs a table with huge pages, where it offers them on request (transparent huge
    /// pages set to `always` or `madvise`): the advice is given before the first write. The table is
    /// 40 MiB, above the 32 MiB up to which glibc may serve an allocation from memory it reuses
    /// (already touched, so on small pages); a smaller one passes alone and can fail beside other tests.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_large_table_gets_huge_pages_where_the_kernel_offers_them() {
        let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled").unwrap_or_default();
        if !(mode.contains("[always]") || mode.contains("[madvise]")) {
            return;
        }
        let t = Pages::<AtomicU64>::zeroed(20 * HUGE_PAGE / size_of::<AtomicU64>()).unwrap();
        let at = t.as_ptr() as usize;
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut inside = false;
        let mut huge_kb = None;
        for line in smaps.lines() {
            if let Some((range, _)) = line.split_once(' ')
                && let Some((start, end)) = range.split_once('-')
                && let (Ok(start), Ok(end)) = (usize::from_str_radix(start, 16), usize::from_str_radix(end, 16))
            {
                inside = (start..end).contains(&at);
            } else if inside && let Some(kb) = line.strip_prefix("AnonHugePages:") {
                huge_kb = kb.trim().trim_end_matches("kB").trim().parse::<usize>().ok();
            }
        }
        let huge_kb = huge_kb.expect("the table's mapping is listed");
        assert!(huge_kb >= 2048, "{huge_kb} kB of huge pages in a 40 MiB table");
    }

    #[test]
    fn an_impossible_size_is_refused() {
        assert!(Pages::<AtomicU64>::zeroed(usize::MAX / 4).is_none());
    }
}
