//! The per-depth tables of the search counters, shared by `brudno stats` and `brudno bench --stats`:
//! each row is one iteration's own share (the difference of two cumulative snapshots).

use crate::search::counters::Counters;
use crate::search::picker::Stage;

/// `part` of `whole` as a percentage, or `-` when there is nothing to divide.
fn pct(part: u64, whole: u64) -> String {
    if whole == 0 { "-".into() } else { format!("{:.1}", 100.0 * part as f64 / whole as f64) }
}

/// Column heads of the cutoff-stage table, in [`Stage::ALL`] order.
const STAGE_NAMES: [&str; 6] = ["TT", "good-cap", "killer", "counter", "quiet", "bad-cap"];

/// The two tables for cumulative `nodes` and `counters` after each depth (index 0 = depth 1).
pub fn table(nodes: &[u64], counters: &[Counters]) -> Vec<String> {
    let mut v = vec![
        format!(
            "{:>5} {:>11} {:>6} {:>6} {:>7} {:>7} {:>6} {:>6} {:>6} {:>4}",
            "depth", "nodes", "qnode%", "EBF", "TThit%", "TTcut%", "1st%", "null%", "LMRre%", "asp"
        ),
        "       (nodes: this depth's; qnode%: quiescence share; TT: of main-search probes; 1st%: beta cutoffs".into(),
        "        by the first move; null%: null-move searches that cut; LMRre%: reduced searches re-searched at".into(),
        "        full depth; asp: aspiration re-searches)".into(),
    ];
    let mut stages = vec![format!(
        "{:>5} {:>10} {}",
        "depth",
        "cutoffs",
        STAGE_NAMES.iter().map(|s| format!("{s:>9}")).collect::<String>()
    )];
    let (mut prev_nodes, mut prev_step, mut prev) = (0, 0, Counters::default());
    for (d, (&n, &c)) in nodes.iter().zip(counters).enumerate() {
        let (step, k) = (n.saturating_sub(prev_nodes), c - prev);
        let ebf = if prev_step > 0 { format!("{:.2}", step as f64 / prev_step as f64) } else { "-".into() };
        let cuts = k.total_cutoffs();
        v.push(format!(
            "{:>5} {:>11} {:>6} {:>6} {:>7} {:>7} {:>6} {:>6} {:>6} {:>4}",
            d + 1,
            step,
            pct(k.qnodes, step),
            ebf,
            pct(k.tt_hits, k.tt_probes),
            pct(k.tt_cutoffs, k.tt_probes),
            pct(k.first_move_cutoffs, cuts),
            pct(k.null_cutoffs, k.null_tries),
            pct(k.lmr_researches, k.lmr_searches),
            k.aspiration_researches,
        ));
        let shares: String = Stage::ALL.iter().map(|&s| format!("{:>8}%", pct(k.cutoffs[s as usize], cuts))).collect();
        stages.push(format!("{:>5} {cuts:>10} {shares}", d + 1));
        (prev_nodes, prev_step, prev) = (n, step, c);
    }
    v.push(String::new());
    v.push("Beta cutoffs by move-ordering stage (share of the depth's cutoffs):".into());
    v.extend(stages);
    v
}

/// Sums per-search snapshots depth by depth (searches that stopped earlier add nothing to deeper rows).
pub fn sum_by_depth<'a>(runs: impl IntoIterator<Item = (&'a [u64], &'a [Counters])>) -> (Vec<u64>, Vec<Counters>) {
    let (mut nodes, mut counters): (Vec<u64>, Vec<Counters>) = (Vec::new(), Vec::new());
    for (n, c) in runs {
        for (d, (&n, &c)) in n.iter().zip(c).enumerate() {
            if d == nodes.len() {
                nodes.push(0);
                counters.push(Counters::default());
            }
            nodes[d] += n;
            counters[d] = counters[d] + c;
        }
    }
    (nodes, counters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_per_depth_differences() {
        let mut a = Counters::default();
        a.cutoff(Stage::Tt, 1);
        let mut b = a;
        b.cutoff(Stage::Quiet, 2);
        b.cutoff(Stage::Quiet, 1);
        let t = table(&[10, 40], &[a, b]);
        assert!(t[4].contains("100.0"), "{t:?}");
        let last = t.last().unwrap();
        assert!(last.trim_start().starts_with("2          2"), "{last}");
        assert!(last.contains("100.0%"), "{last}");
        let (n, c) = sum_by_depth([(&[10u64, 40][..], &[a, b][..]), (&[5u64][..], &[a][..])]);
        assert_eq!(n, vec![15, 40]);
        assert_eq!(c[0].total_cutoffs(), 2);
    }
}
