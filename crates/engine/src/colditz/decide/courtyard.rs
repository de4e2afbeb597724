//! R45 on the board graph: the grey courtyard, its doorways, and whether the guards standing
//! somewhere cut a door, a gate, a cells' door or a one-circle passage off from the Appel area.
//!
//! Apart because it is a computation on the board alone (built once, then asked), which every
//! check of where guards stand (placing, moving, posting, the end of the German's turn) shares.

use std::collections::{BTreeSet, VecDeque};

use crate::colditz::board::{BOARD, CircleId, CircleKind, LinkKind, Terrain};

/// R45: where a guard may never stay between turns, whatever the other guards do: a room's door
/// circle, the courtyard circles in front of a room door, a block of cells' door circle, and a
/// KEY/PASS circle of the courtyard.
pub fn doorway(at: CircleId) -> bool {
    COURTYARD.index.get(&at).is_some_and(|&i| COURTYARD.doorway[i])
        || BOARD.is_door(at)
        || BOARD.is(at, CircleKind::CellDoor)
        || (BOARD.gate_at(at).is_some() && BOARD.links(at).iter().any(|l| BOARD.in_courtyard(l.to)))
}

/// R45 on the board graph: the grey courtyard (its circles joined by steps and gates, both ways),
/// the Appel area in it, and what the guards must never cut off from the Appel area: the circles
/// in front of room doors, the courtyard's KEY/PASS circles, the cells' doors, and every circle of
/// a one-circle passage (a circle whose removal splits the courtyard).
struct Courtyard {
    circles: Vec<CircleId>,
    index: std::collections::BTreeMap<CircleId, usize>,
    next: Vec<Vec<usize>>,
    appel: Vec<usize>,
    /// Must stay joined to the Appel area.
    kept: Vec<bool>,
    /// No guard may stand here (in front of a room door, a gate, a cell door).
    doorway: Vec<bool>,
}

static COURTYARD: std::sync::LazyLock<Courtyard> = std::sync::LazyLock::new(|| {
    let circles: Vec<CircleId> =
        BOARD.circles().iter().filter(|c| c.terrain == Terrain::Courtyard).map(|c| c.id).collect();
    let index: std::collections::BTreeMap<CircleId, usize> =
        circles.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mut next = vec![Vec::new(); circles.len()];
    for (i, &c) in circles.iter().enumerate() {
        for l in BOARD.links(c) {
            if let (LinkKind::Step | LinkKind::Gate(_), Some(&j)) = (l.kind, index.get(&l.to)) {
                for (a, b) in [(i, j), (j, i)] {
                    if !next[a].contains(&b) {
                        next[a].push(b);
                    }
                }
            }
        }
    }
    let appel: Vec<usize> = (0..circles.len()).filter(|&i| BOARD.is(circles[i], CircleKind::Appel)).collect();
    let fronts: BTreeSet<usize> = BOARD
        .rooms()
        .iter()
        .flat_map(|r| r.doors.iter())
        .flat_map(|&d| BOARD.links(d).iter().filter_map(|l| index.get(&l.to).copied()).collect::<Vec<_>>())
        .collect();
    let doorway: Vec<bool> = (0..circles.len())
        .map(|i| {
            fronts.contains(&i)
                || BOARD.gate_at(circles[i]).is_some()
                || BOARD.is(circles[i], CircleKind::CellDoor)
        })
        .collect();
    let reached_without = |gone: Option<usize>| -> Vec<bool> {
        let mut seen = vec![false; circles.len()];
        let mut queue: VecDeque<usize> = appel.iter().copied().filter(|&a| Some(a) != gone).collect();
        for &a in &queue {
            seen[a] = true;
        }
        while let Some(i) = queue.pop_front() {
            for &j in &next[i] {
                if !seen[j] && Some(j) != gone {
                    seen[j] = true;
                    queue.push_back(j);
                }
            }
        }
        seen
    };
    let all = reached_without(None);
    // A one-circle passage: without this circle, some courtyard circle is cut off.
    let kept: Vec<bool> = (0..circles.len())
        .map(|i| {
            let without = reached_without(Some(i));
            doorway[i] || (0..circles.len()).any(|j| j != i && all[j] && !without[j])
        })
        .collect();
    Courtyard { circles, index, next, appel, kept, doorway }
});

/// R45: the first place the guards standing on `guards` block (a doorway they stand on, or a
/// circle they cut off from the Appel area), if any.
pub fn r45_blocked(guards: &BTreeSet<CircleId>) -> Option<CircleId> {
    let yard = &*COURTYARD;
    let mut standing = vec![false; yard.circles.len()];
    for g in guards {
        if doorway(*g) {
            return Some(*g);
        }
        if let Some(&i) = yard.index.get(g) {
            standing[i] = true;
        }
    }
    let mut seen = standing.clone();
    let mut queue: VecDeque<usize> = VecDeque::new();
    for &a in &yard.appel {
        if !seen[a] {
            seen[a] = true;
            queue.push_back(a);
        }
    }
    while let Some(i) = queue.pop_front() {
        for &j in &yard.next[i] {
            if !seen[j] {
                seen[j] = true;
                queue.push_back(j);
            }
        }
    }
    (0..yard.circles.len()).find(|&i| yard.kept[i] && !seen[i]).map(|i| yard.circles[i])
}
