//! The transposition table's memory: one zeroed allocation, aligned to 2 MiB when it is that large
//! and, on Linux, advised to the kernel as transparent huge pages before its first write. A probe
//! of a table of many megabytes lands on a random page; with 2 MiB pages far fewer of those probes
//! miss the TLB and wait for a page walk. Where the kernel declines the advice (transparent huge
//! pages set to `never`), the table is the same table on ordinary pages.
//!
//! On Linux a table of 2 MiB or more is mapped from the kernel directly (`mmap`, over-mapped by one
//! huge page and trimmed to alignment) rather than taken from the allocator: the advice helps only
//! memory not yet touched, and glibc may serve an allocation under 32 MiB from memory it reuses
//! (after a larger table was freed, as when Hash goes from 64 to 16), which stays on small pages.
//! Smaller tables, and every table elsewhere, come from the global allocator.

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

/// Where a table's memory came from, and so how it is given back.
enum Source {
    /// The global allocator, with this layout.
    Heap(Layout),
    /// An anonymous mapping of this many bytes (a whole number of huge pages).
    #[cfg(target_os = "linux")]
    Mapped(usize),
}

/// A fixed-length, zero-initialised slice of `T` in memory of its own (see the module header).
pub struct Pages<T: Zeroable> {
    ptr: NonNull<T>,
    len: usize,
    source: Source,
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
        let (ptr, source) = if cfg!(target_os = "linux") && bytes >= HUGE_PAGE {
            map_huge(bytes)?
        } else {
            let align = if bytes >= HUGE_PAGE { HUGE_PAGE } else { align_of::<T>() };
            let layout = Layout::from_size_align(bytes, align).ok()?;
            // SAFETY: `layout` has a non-zero size.
            (NonNull::new(unsafe { alloc(layout) })?, Source::Heap(layout))
        };
        // The kernel's fresh pages are zero already; the write also makes every page resident now,
        // when Hash is set, rather than on first touch in the middle of a search.
        // SAFETY: `ptr` is a fresh allocation of at least `bytes` bytes, writable and owned here.
        unsafe { ptr.as_ptr().write_bytes(0, bytes) };
        Some(Pages { ptr: ptr.cast(), len, source })
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
        match self.source {
            // SAFETY: `Zeroable` elements need no destructor, and `ptr` was allocated with `layout`.
            Source::Heap(layout) => unsafe { dealloc(self.ptr.as_ptr().cast(), layout) },
            // SAFETY: `[ptr, ptr + mapped)` is exactly what `map_huge` mapped, and no reference into
            // it outlives the `Pages` being dropped.
            #[cfg(target_os = "linux")]
            Source::Mapped(mapped) => unsafe {
                libc::munmap(self.ptr.as_ptr().cast(), mapped);
            },
        }
    }
}

/// A fresh anonymous mapping of at least `bytes` bytes starting on a huge-page boundary and advised
/// as huge pages; `None` if the kernel refuses.
#[cfg(target_os = "linux")]
fn map_huge(bytes: usize) -> Option<(NonNull<u8>, Source)> {
    let size = bytes.checked_next_multiple_of(HUGE_PAGE)?;
    let over = size.checked_add(HUGE_PAGE)?;
    let (prot, flags) = (libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS);
    // SAFETY: a new private anonymous mapping at an address of the kernel's choosing touches no
    // existing memory.
    let raw = unsafe { libc::mmap(std::ptr::null_mut(), over, prot, flags, -1, 0) };
    if raw == libc::MAP_FAILED {
        return None;
    }
    let start = raw as usize;
    let aligned = start.next_multiple_of(HUGE_PAGE);
    let (head, tail) = (aligned - start, start + over - (aligned + size));
    // SAFETY: the head `[start, aligned)` and the tail `[aligned + size, start + over)` lie in the
    // mapping just made, are page-aligned (the kernel maps whole pages, and `aligned` and `size` are
    // multiples of a huge page) and are never handed out; `[aligned, aligned + size)` is ours alone
    // and the advice changes no contents.
    unsafe {
        if head > 0 {
            libc::munmap(raw, head);
        }
        if tail > 0 {
            libc::munmap((aligned + size) as *mut libc::c_void, tail);
        }
        libc::madvise(aligned as *mut libc::c_void, size, libc::MADV_HUGEPAGE);
    }
    Some((NonNull::new(aligned as *mut u8)?, Source::Mapped(size)))
}

#[cfg(not(target_os = "linux"))]
fn map_huge(_: usize) -> Option<(NonNull<u8>, Source)> {
    None
}

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

    /// Kilobytes of huge pages in the mapping that holds `at`, from `/proc/self/smaps`.
    #[cfg(target_os = "linux")]
    fn huge_kb_at(at: usize) -> usize {
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
        huge_kb.expect("the table's mapping is listed")
    }

    /// Whether the kernel offers transparent huge pages on request (`always` or `madvise`).
    #[cfg(target_os = "linux")]
    fn huge_pages_offered() -> bool {
        let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled").unwrap_or_default();
        mode.contains("[always]") || mode.contains("[madvise]")
    }

    /// The kernel backs a table with huge pages where it offers them on request: the advice is given
    /// before the first write.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_large_table_gets_huge_pages_where_the_kernel_offers_them() {
        if !huge_pages_offered() {
            return;
        }
        let t = Pages::<AtomicU64>::zeroed(20 * HUGE_PAGE / size_of::<AtomicU64>()).unwrap();
        let huge_kb = huge_kb_at(t.as_ptr() as usize);
        assert!(huge_kb >= 2048, "{huge_kb} kB of huge pages in a 40 MiB table");
    }

    /// Hash set to 16 MiB again after the heap has been used: the table is mapped afresh, not taken
    /// from memory the allocator reuses. Freeing a 16 MiB table raises glibc's mmap threshold above
    /// 16 MiB, and 30 MiB of touched, freed small blocks then sit at the top of its heap: a table
    /// from the allocator landed there, on small pages whatever the advice (checked).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_table_after_heap_use_gets_huge_pages_too() {
        if !huge_pages_offered() {
            return;
        }
        let words = 8 * HUGE_PAGE / size_of::<AtomicU64>();
        drop(Pages::<AtomicU64>::zeroed(words).unwrap());
        drop((0..30).map(|_| vec![1u8; 1 << 20]).collect::<Vec<_>>());
        let t = Pages::<AtomicU64>::zeroed(words).unwrap();
        let huge_kb = huge_kb_at(t.as_ptr() as usize);
        assert!(huge_kb >= 2048, "{huge_kb} kB of huge pages in a 16 MiB table after heap use");
    }

    #[test]
    fn an_impossible_size_is_refused() {
        assert!(Pages::<AtomicU64>::zeroed(usize::MAX / 4).is_none());
    }
}
