//! Fail-soft negamax alpha-beta with principal variation search, and the quiescence search.
//! One function serves both colours: scores are always from the side to move's view.

use super::frame;
use super::history::{Continuations, PieceTo};
use super::params::*;
use super::picker::{Picker, Stage, is_tactical};
use super::see::{captured_value, promotion_gain, see_ge};
use super::tb::TbProbe;
use super::worker::Worker;
use crate::eval::evaluate_cached;
use crate::score::{Depth, MAX_PLY, Ply, Score};
use crate::tt::{Bound, PackedMove, TtHit};
use shakmaty::{Move, Position as _};

impl Worker {
    /// The static evaluation of the current position (through the thread's evaluation and pawn
    /// caches, with the position's incremental material and piece-square sum).
    #[inline]
    pub(super) fn static_eval(&mut self) -> Score {
        let (pos, pawns) = (&self.pos, &mut self.pawn_cache);
        self.eval_cache.get(pos.key(), || evaluate_cached(pos.chess(), pos.psq(), pawns))
    }

    /// The raw static evaluation (the stored one of a TT hit, else computed) and the same corrected
    /// by the correction history (none in check).
    fn evals(&mut self, hit: Option<TtHit>, in_check: bool) -> (Option<Score>, Option<Score>) {
        if in_check {
            return (None, None);
        }
        let raw = hit.map_or_else(|| self.static_eval(), |h| h.eval);
        let c = self.pos.chess();
        (Some(raw), Some(self.correction.corrected(c.board(), c.turn(), raw)))
    }

    /// Plays `m` at `ply` of the search: records it on the stack (for the continuation histories
    /// and the counter-move) and prefetches the new position's TT entry.
    #[inline]
    fn play(&mut self, ply: Ply, m: Move) {
        self.stack[ply].mv = Some(m);
        self.stack[ply].moved = Some(PieceTo::new(self.pos.turn(), m));
        self.pos.make(m);
        self.info.tt.prefetch(self.pos.key());
    }

    /// Whether the side to move has a piece other than pawns and king (null move is unsafe without).
    fn has_non_pawn_material(&self) -> bool {
        let c = self.pos.chess();
        let b = c.board();
        (b.by_color(c.turn()) & !(b.pawns() | b.kings())).any()
    }

    /// Searches `depth` plies below the current position within `(alpha, beta)`.
    pub(super) fn negamax(
        &mut self,
        mut alpha: Score,
        mut beta: Score,
        mut depth: Depth,
        ply: Ply,
        cut: bool,
    ) -> Score {
        let pv_node = beta - alpha > 1;
        let root = ply == Ply::ROOT;
        let excluded = self.stack[ply].excluded;
        self.stack[ply].pv.clear();

        // Step 1. Horizon: resolve captures first so the static evaluation is of a quiet position.
        let in_check = self.pos.in_check();
        if depth <= 0 && !in_check {
            return self.qsearch(alpha, beta, ply);
        }
        depth = depth.max(1);
        if self.should_stop() {
            return Score::DRAW;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);

        // Step 2. Draws and mate distance pruning (a mate found nearer the root cannot be beaten).
        if !root {
            if self.pos.is_repetition() || self.pos.is_fifty_move_draw() || self.pos.is_insufficient_material() {
                return Score::DRAW;
            }
            if ply >= Ply::new(MAX_PLY - 1) {
                return if in_check { Score::DRAW } else { self.static_eval() };
            }
            alpha = alpha.max(Score::mated_in(ply));
            beta = beta.min(Score::mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        // Step 3. Transposition table: a deep enough stored bound settles a non-PV node (not near the
        // fifty-move limit, where the stored score may stand for a line that the rule has since drawn).
        // A search that leaves a move out (singular extension) stands for part of the node only: it
        // neither takes nor gives a stored result.
        let key = self.pos.key();
        let hit = self.info.tt.probe(key, ply);
        self.counters.tt_probe(hit.is_some());
        let tt_move = hit.map_or(PackedMove::NONE, |h| h.mv);
        if let Some(h) = hit
            && !pv_node
            && excluded.is_none()
            && h.depth >= depth
            && self.pos.chess().halfmoves() < TT_CUTOFF_MAX_HALFMOVES
            && h.settles(alpha, beta)
        {
            self.counters.tt_cutoffs += 1;
            return h.score;
        }
        // Step 3b. Endgame tablebases: a probe whose bound settles the node ends it; otherwise, at
        // PV nodes, a win floors the result and a loss caps it (see `tb.rs`).
        let (mut tb_floor, mut tb_cap) = (-Score::INFINITE, Score::INFINITE);
        if !root && excluded.is_none() {
            match self.tablebase_probe(key, depth, ply, alpha, beta) {
                Some(TbProbe::Cutoff(score)) => return score,
                Some(TbProbe::Floor(score)) if pv_node => (tb_floor, alpha) = (score, alpha.max(score)),
                Some(TbProbe::Cap(score)) if pv_node => tb_cap = score,
                _ => {}
            }
        }

        // Step 4. Static evaluation (none in check: every move must be searched), corrected by what
        // searches found at this pawn structure (`correction.rs`). `improving` compares static
        // evaluations; the pruning below reads the evaluation corrected further by a stored bound
        // that says the position is better (lower bound) or worse (upper bound) than it looks.
        let (raw_eval, static_eval) = self.evals(hit, in_check);
        self.stack[ply].eval = static_eval;
        let improving = match (static_eval, ply.checked_sub(2).and_then(|p| self.stack[p].eval)) {
            (Some(now), Some(before)) => now > before,
            _ => false,
        };
        let eval = static_eval.map(|e| match hit {
            Some(h)
                if !h.score.is_mate()
                    && (h.bound == Bound::Exact
                        || (h.bound == Bound::Lower && h.score > e)
                        || (h.bound == Bound::Upper && h.score < e)) =>
            {
                h.score
            }
            _ => e,
        });

        if let Some(eval) = eval
            && !pv_node
            && excluded.is_none()
        {
            // Step 5. Reverse futility: far above beta at low depth, the opponent's best reply is
            // unlikely to claw back the margin, so the node fails high without a search.
            let margin = RFP_MARGIN.get() * (depth - i32::from(improving));
            if depth <= RFP_MAX_DEPTH.get() && eval - margin >= beta && !beta.is_mate() {
                return eval;
            }

            // Step 5b. Razoring: far below alpha at low depth, only a capture can help, so a null
            // window quiescence search decides; when it confirms the fail-low the node ends with it.
            if depth <= RAZOR_MAX_DEPTH.get()
                && eval + RAZOR_BASE.get() + RAZOR_MARGIN.get() * depth * depth <= alpha
                && !alpha.is_mate()
            {
                let score = self.qsearch(alpha, alpha + 1, ply);
                if self.stopped {
                    return Score::DRAW;
                }
                if score <= alpha {
                    return score;
                }
            }

            // Step 6. Null move: if passing still fails high, a real move will too, except in
            // zugzwang, which the non-pawn-material guard makes rare. A stored upper bound below
            // beta (not a mate score) skips it: `eval` is then at most that bound (Step 4).
            let prev_null = ply > Ply::ROOT && self.stack[ply - 1].null;
            if depth >= NMP_MIN_DEPTH.get()
                && eval >= beta
                && !prev_null
                && !beta.is_mate()
                && self.has_non_pawn_material()
            {
                // Keep at least one full ply after the pass: a null search that drops straight into
                // quiescence cannot see a quiet mating threat, and would prune the move that makes it.
                // The further the evaluation is above beta, the less the null search needs to see.
                let above = ((eval - beta) / NMP_EVAL_DIVISOR.get()).min(NMP_EVAL_MAX);
                let r = (NMP_BASE_REDUCTION.get() + depth / NMP_DEPTH_DIVISOR.get() + above)
                    .min(depth - 1 - NMP_MIN_CHILD_DEPTH);
                if self.pos.make_null() {
                    self.stack[ply].mv = None;
                    self.stack[ply].moved = None;
                    self.stack[ply].null = true;
                    let score = -self.negamax(-beta, -beta + 1, depth - 1 - r, ply + 1, !cut);
                    self.stack[ply].null = false;
                    self.pos.unmake();
                    if self.stopped {
                        return Score::DRAW;
                    }
                    self.counters.null_move(score >= beta);
                    if score >= beta {
                        return if score.is_mate() { beta } else { score };
                    }
                }
            }
        }

        // Step 6b. ProbCut: when a capture that wins material by SEE holds a bound well above beta
        // in a shallower search, the full-depth search would almost surely fail high as well. The
        // bound is checked by quiescence first (cheap), then by the reduced search; a stored result
        // deep enough that says the bound fails is trusted, and saves the attempt.
        let probcut_beta = beta + PROBCUT_MARGIN.get();
        if !pv_node
            && excluded.is_none()
            && depth >= PROBCUT_MIN_DEPTH.get()
            && let Some(se) = static_eval
            && !beta.is_mate()
            && !hit.is_some_and(|h| h.depth >= depth - PROBCUT_REDUCTION && h.score < probcut_beta)
        {
            let mut picker = Picker::quiescence(self.pos.chess(), false, tt_move);
            while let Some((m, _)) = picker.pick(self.pos.chess(), &self.history) {
                if !see_ge(self.pos.chess(), m, probcut_beta - se) {
                    continue;
                }
                self.play(ply, m);
                let mut score = -self.qsearch(-probcut_beta, -probcut_beta + 1, ply + 1);
                if score >= probcut_beta {
                    score =
                        -self.negamax(-probcut_beta, -probcut_beta + 1, depth - 1 - PROBCUT_REDUCTION, ply + 1, !cut);
                }
                self.pos.unmake();
                if self.stopped {
                    return Score::DRAW;
                }
                if score >= probcut_beta {
                    let stored = raw_eval.unwrap_or(score);
                    self.info.tt.store(
                        key,
                        ply,
                        PackedMove::new(m),
                        score,
                        stored,
                        depth - PROBCUT_REDUCTION,
                        Bound::Lower,
                    );
                    return score;
                }
            }
        }

        // Step 7. Internal iterative reduction: with no TT move the ordering is poor, search shallower.
        if depth >= IIR_MIN_DEPTH.get() && tt_move.is_none() && (pv_node || cut) {
            depth -= 1;
        }

        // Step 8. The move loop. The picker hands out the legal TT move before generating any other
        // move, and each later kind of move only once the search asks past the ones before.
        let prev_move = if ply > Ply::ROOT { self.stack[ply - 1].mv } else { None };
        let conts: Continuations = [1, 2].map(|back| ply.checked_sub(back).and_then(|p| self.stack[p].moved));
        let killers = self.stack[ply].killers;
        let mut picker = Picker::main(self.pos.chess(), in_check, tt_move, killers, prev_move, conts);
        let turn = self.pos.turn();
        let mut best = tb_floor;
        let mut best_move: Option<Move> = None;
        let mut quiets: [Option<Move>; 64] = [None; 64];
        let mut quiet_count = 0usize;
        let mut captures: [Option<Move>; 32] = [None; 32];
        let mut capture_count = 0usize;
        let mut searched = 0usize;

        while let Some((m, stage)) = picker.pick(self.pos.chess(), &self.history) {
            if (root && !self.info.root_moves.contains(&m)) || excluded == Some(m) {
                continue;
            }
            let quiet = !is_tactical(m);
            let losing_mate = best <= -Score::MATE_BOUND;

            // Step 9. Shallow pruning at non-PV nodes once a move has been searched: late quiet
            // moves (fewer when the position is not improving), quiets with a bad history at low depth
            // (the killers and counter-move excepted), moves that lose material by SEE, and
            // quiets that cannot reach alpha. A late or losing move is pruned even when it checks
            // (the searched moves and the other checks stand for it); a futile one is kept when it
            // checks (a check can change the evaluation by more than the margin). Once a mated score
            // is all we have, nothing is pruned, so these rules cannot hide a forced line the search
            // needs. Whether the move checks is asked last, only of a move futility would prune.
            // Once a quiet is late, every later one is (nothing here changes until a quiet is
            // searched): the picker stops handing them out.
            if !root && !pv_node && !in_check && searched > 0 && !losing_mate {
                let allowed = (LMP_BASE.get() + depth * depth) as usize / if improving { 1 } else { 2 };
                if quiet && depth <= LMP_MAX_DEPTH.get() && quiet_count >= allowed {
                    picker.skip_quiets();
                    continue;
                }
                // A quiet move that has kept failing here and after these moves (by its butterfly
                // and continuation histories) is unlikely to be the one that raises alpha.
                let unpromising = || {
                    quiet
                        && depth <= HP_MAX_DEPTH.get()
                        && stage == Stage::Quiet
                        && self.history.quiet(turn, m, &conts) < -HP_MARGIN.get() * depth
                };
                let futile = || {
                    quiet
                        && depth <= FP_MAX_DEPTH.get()
                        && eval.is_some_and(|e| e + FP_BASE.get() + FP_PER_DEPTH.get() * depth <= alpha)
                };
                let losing = || {
                    let margin =
                        if quiet { -SEE_QUIET_MARGIN.get() * depth } else { -SEE_CAPTURE_MARGIN.get() * depth };
                    depth <= SEE_MAX_DEPTH.get()
                        && (stage == Stage::BadCapture || quiet)
                        && !see_ge(self.pos.chess(), m, margin)
                };
                if unpromising() || losing() || (futile() && !self.pos.gives_check(m)) {
                    continue;
                }
            }

            // Step 10. Extensions. Singular: when every other move fails low against a bound a little
            // under the TT move's stored score, the TT move is the only good one and is searched
            // deeper (twice as deep when far below, outside PV nodes). When even without it the node
            // fails high (multi-cut), several moves refute the parent and the node is cut. When the
            // TT move is not singular but its score beats beta, it is searched shallower.
            let mut extension = 0;
            if !root
                && excluded.is_none()
                && stage == Stage::Tt
                && depth >= SE_MIN_DEPTH.get()
                && let Some(h) = hit
                && h.depth >= depth - SE_TT_DEPTH_SLACK.get()
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && !h.score.is_mate()
            {
                let singular_beta = h.score - SE_MARGIN_PER_DEPTH.get() * depth;
                self.stack[ply].excluded = Some(m);
                let score = self.negamax(singular_beta - 1, singular_beta, (depth - 1) / SE_DEPTH_DIVISOR, ply, cut);
                self.stack[ply].excluded = None;
                if self.stopped {
                    return Score::DRAW;
                }
                if score < singular_beta {
                    extension = 1;
                    if !pv_node
                        && score < singular_beta - SE_DOUBLE_MARGIN.get()
                        && self.stack[ply].doubles < SE_MAX_DOUBLES
                    {
                        extension = 2;
                    }
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if h.score >= beta {
                    extension = -1;
                }
            }

            if root {
                self.report_currmove(depth, m, searched + 1);
            }
            let nodes_before = self.nodes;
            self.stack[ply + 1].doubles = self.stack[ply].doubles + u8::from(extension >= 2);
            self.play(ply, m);
            searched += 1;
            if quiet && quiet_count < quiets.len() {
                quiets[quiet_count] = Some(m);
                quiet_count += 1;
            } else if !quiet && capture_count < captures.len() {
                captures[capture_count] = Some(m);
                capture_count += 1;
            }
            let gives_check = self.pos.in_check();
            // Check extension: forcing lines are searched one ply deeper, unless the check gives
            // material away by SEE (such checks rarely matter, and extending them blows up the tree).
            let check_ext = gives_check && stage != Stage::BadCapture && see_ge(self.pos.previous(), m, 0);
            let new_depth = depth - 1 + extension.max(Depth::from(check_ext));

            // Step 11. Principal variation search with late move reductions.
            let mut score;
            if searched == 1 {
                // The first child of a cut node is an all node and vice versa; of a PV node, a PV node.
                score = -self.negamax(-beta, -alpha, new_depth, ply + 1, !pv_node && !cut);
            } else {
                // Reduced: late quiets (by their history; killers and the counter-move less) and
                // captures that lose material (one ply more than a quiet).
                let mut r = 0;
                if !root
                    && depth >= LMR_MIN_DEPTH.get()
                    && searched >= LMR_MIN_MOVE
                    && (quiet || stage == Stage::BadCapture)
                {
                    r = self.lmr.base(depth, searched);
                    r -= Depth::from(pv_node);
                    r -= Depth::from(gives_check);
                    r += Depth::from(!improving);
                    r += Depth::from(cut);
                    if quiet {
                        r -= Depth::from(matches!(stage, Stage::Killer | Stage::Counter));
                        let history = self.history.quiet(turn, m, &conts) / LMR_HISTORY_DIVISOR.get();
                        r -= history.clamp(-LMR_HISTORY_MAX, LMR_HISTORY_MAX);
                    } else {
                        r += 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.negamax(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if r > 0 {
                    self.counters.reduced(score > alpha);
                }
                if score > alpha && r > 0 {
                    score = -self.negamax(-alpha - 1, -alpha, new_depth, ply + 1, !cut);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(-beta, -alpha, new_depth, ply + 1, false);
                }
            }
            self.pos.unmake();
            if root {
                self.count_root_nodes(m, self.nodes - nodes_before);
            }
            if self.stopped {
                return Score::DRAW;
            }

            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node || root {
                        frame::update_pv(&mut self.stack, ply, m);
                    }
                    if root {
                        self.info.root_best = score;
                    }
                    if score >= beta {
                        self.counters.cutoff(stage, searched);
                        // Step 12. A cutoff: remember the move that caused it, and that the moves
                        // tried before it did not.
                        if quiet {
                            self.stack[ply].add_killer(m);
                            self.history.reward(turn, m, &quiets[..quiet_count], depth, prev_move, &conts);
                        }
                        let best_capture = (!quiet).then_some(m);
                        self.history.reward_captures(turn, best_capture, &captures[..capture_count], depth);
                        break;
                    }
                }
            }
        }

        if picker.handed_out() == 0 {
            // No legal move at all: mate or stalemate.
            return if in_check { Score::mated_in(ply) } else { Score::DRAW };
        }
        if searched == 0 {
            // Every move was pruned or excluded (MultiPV/searchmoves at the root): nothing learned.
            return if root { -Score::INFINITE } else { alpha };
        }

        best = best.min(tb_cap);

        // Step 13. Store the result.
        let bound = if best >= beta {
            Bound::Lower
        } else if best_move.is_some() && pv_node {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = best_move.map_or(tt_move, PackedMove::new);
        if !(root && self.info.root_moves.len() < self.pos.legal_moves().len()) && excluded.is_none() {
            self.info.tt.store(key, ply, stored_move, best, raw_eval.unwrap_or(best), depth, bound);
        }

        // Step 14. Teach the correction history what this search found, when the result says more
        // than the evaluation (a fail-high above it, a fail-low below it, or an exact score) and
        // came from quiet play (a capture's result says little about the pawn structure).
        if let Some(se) = static_eval
            && excluded.is_none()
            && best_move.is_none_or(|m| !is_tactical(m))
            && !best.is_mate()
            && tb_floor == -Score::INFINITE
            && tb_cap == Score::INFINITE
            && !(bound == Bound::Lower && best <= se)
            && !(bound == Bound::Upper && best >= se)
        {
            let c = self.pos.chess();
            self.correction.update(c.board(), c.turn(), depth, best, se);
        }
        best
    }

    /// Quiescence: stand pat, then captures and queen promotions (all evasions when in check).
    pub(super) fn qsearch(&mut self, mut alpha: Score, beta: Score, ply: Ply) -> Score {
        if self.should_stop() {
            return Score::DRAW;
        }
        self.nodes += 1;
        self.counters.qnodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.stack[ply].pv.clear();
        if self.pos.is_insufficient_material() {
            return Score::DRAW;
        }
        let in_check = self.pos.in_check();
        if ply >= Ply::new(MAX_PLY - 1) {
            return if in_check { Score::DRAW } else { self.static_eval() };
        }

        let key = self.pos.key();
        let hit = self.info.tt.probe(key, ply);
        if let Some(h) = hit
            && h.settles(alpha, beta)
            && beta - alpha == 1
        {
            return h.score;
        }

        let (raw_eval, stand_pat) = self.evals(hit, in_check);
        let mut best = -Score::INFINITE;
        if let Some(sp) = stand_pat {
            // Standing pat is safe outside check: some quiet move is almost always at least as good.
            if sp >= beta {
                return sp;
            }
            best = sp;
            alpha = alpha.max(sp);
        }

        // In check every evasion; otherwise captures and queen promotions only, generated without
        // the quiet moves, and only if the TT move (first, when it is one of them) does not cut.
        let tt_move = hit.map_or(PackedMove::NONE, |h| h.mv);
        let mut picker = Picker::quiescence(self.pos.chess(), in_check, tt_move);
        let mut best_move = None;
        while let Some((m, _)) = picker.pick(self.pos.chess(), &self.history) {
            if let Some(sp) = stand_pat {
                // Delta and SEE pruning: a capture that loses material, or cannot lift the score
                // to alpha even with a margin, cannot raise alpha here.
                let gain = captured_value(m) + promotion_gain(m);
                if sp + gain + DELTA_MARGIN.get() <= alpha || !see_ge(self.pos.chess(), m, 0) {
                    continue;
                }
            }
            self.pos.make(m);
            self.info.tt.prefetch(self.pos.key());
            let score = -self.qsearch(-beta, -alpha, ply + 1);
            self.pos.unmake();
            if self.stopped {
                return Score::DRAW;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if picker.handed_out() == 0 {
            // No move at all: mated in check; with no capture, a stalemate is still a draw.
            if in_check {
                return Score::mated_in(ply);
            }
            if !self.pos.has_legal_move() {
                return Score::DRAW;
            }
        }
        let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
        let mv = best_move.map_or(PackedMove::NONE, PackedMove::new);
        self.info.tt.store(key, ply, mv, best, raw_eval.unwrap_or(best), 0, bound);
        best
    }
}
