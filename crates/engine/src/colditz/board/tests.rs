use super::*;
use std::collections::{BTreeMap, BTreeSet};

fn board() -> &'static Board {
    &BOARD
}

fn id(text: &str) -> CircleId {
    text.parse().unwrap()
}

fn appel() -> Vec<CircleId> {
    board().circles_of(CircleKind::Appel).collect()
}

const NOBODY: &dyn Fn(CircleId) -> bool = &|_| false;

// ------------------------------------------------------------------ ids

#[test]
fn circle_ids_are_row_and_column_with_two_digits() {
    let c = id("r07c23");
    assert_eq!((c.row(), c.col()), (7, 23));
    assert_eq!(c.to_string(), "r07c23");
    assert_eq!(serde_json::to_string(&c).unwrap(), "\"r07c23\"");
    assert_eq!(serde_json::from_str::<CircleId>("\"r07c23\"").unwrap(), c);
    for bad in ["r7c23", "r07c2", "07c23", "r07x23", "r07c234", "", "rABcCD"] {
        assert!(bad.parse::<CircleId>().is_err(), "{bad:?} should not parse");
    }
}

/// Old logs name circles by place. If someone inserts a row or column, these landmarks move and
/// this test fails (the loader also checks the row numbers in the margin).
#[test]
fn landmark_ids_stay_put() {
    let b = board();
    assert_eq!((b.width(), b.height()), (72, 62));
    assert!(b.is(id("r25c29"), CircleKind::Appel), "Appel centre");
    let targets: BTreeMap<&str, String> =
        b.targets().iter().map(|t| (t.key.as_str(), t.circle.to_string())).collect();
    let expected: BTreeMap<&str, String> = [
        ("nw", "r02c02"),
        ("n", "r02c55"),
        ("ne", "r02c68"),
        ("e", "r35c70"),
        ("sw", "r58c02"),
        ("s", "r59c48"),
        ("se", "r59c62"),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.to_string()))
    .collect();
    assert_eq!(targets, expected);
    assert_eq!(b.main_gate().circle, id("r41c57"));
    assert_eq!(b.return_gate().circle, id("r48c33"));
    assert_eq!(b.room_named("chapel").unwrap().1.doors, vec![id("r20c16")]);
}

// ------------------------------------------------------------------ reachability and route lengths

#[test]
fn every_circle_is_reachable_with_the_right_equipment() {
    let b = board();
    let reached = b.distances(&appel(), Passage::ANY, NOBODY);
    for circle in b.circles() {
        let moved_directly_only = matches!(circle.kind, CircleKind::Cell | CircleKind::BarracksSlot);
        assert_eq!(
            reached.to(circle.id).is_some(),
            !moved_directly_only,
            "{} ({:?} on {:?})",
            circle.id,
            circle.kind,
            circle.terrain
        );
        if moved_directly_only {
            assert!(b.links(circle.id).is_empty(), "{} is entered only by moving directly", circle.id);
        }
    }
}

/// The shortest legal route per target with every piece of equipment and every tunnel, as
/// printed in docs/rules/colditz-board.md.
fn route_lengths(passage: Passage) -> BTreeMap<String, Option<u16>> {
    let b = board();
    let d = b.distances(&appel(), passage, NOBODY);
    b.targets().iter().map(|t| (t.key.clone(), d.to(t.circle))).collect()
}

#[test]
fn every_target_is_reachable_from_appel_and_the_nearest_takes_35_to_60_steps_with_equipment() {
    let with_everything = route_lengths(Passage::ANY);
    println!("Appel → target, every link usable: {with_everything:?}");
    for (target, steps) in &with_everything {
        assert!(steps.is_some(), "target {target} unreachable");
    }
    let nearest = with_everything.values().flatten().min().copied().unwrap();
    assert!((35..=60).contains(&nearest), "nearest target is {nearest} steps away");

    // No target can be walked to: the nearest route needs equipment or a card.
    let walking = route_lengths(Passage::WALK);
    assert!(walking.values().all(Option::is_none), "a target is reachable on foot: {walking:?}");

    // Per single kind of help, for the docs.
    let only = |f: fn(&mut Passage)| {
        let mut p = Passage::WALK;
        f(&mut p);
        route_lengths(p)
    };
    println!("keys only: {:?}", only(|p| p.keys = true));
    println!("passes only: {:?}", only(|p| p.passes = true));
    println!("key + pass: {:?}", only(|p| (p.keys, p.passes) = (true, true)));
    println!("ropes only: {:?}", only(|p| p.ropes = 2));
    println!("ropes + wire cutters: {:?}", only(|p| (p.ropes, p.wire) = (2, true)));
    println!("key + wire cutters: {:?}", only(|p| (p.keys, p.wire) = (true, true)));
    println!("tunnels only: {:?}", only(|p| p.tunnels = TunnelAccess::All));
}

#[test]
fn do_or_die_and_staff_car_runs_fit_their_throws() {
    let b = board();
    let nearest_from = |from: Vec<CircleId>| {
        let d = b.distances(&from, Passage::DO_OR_DIE, NOBODY);
        b.targets().iter().filter_map(|t| d.to(t.circle)).min().unwrap()
    };
    // A Do or Die card gives 3 to 7 throws of two dice (7 a throw on average): the run from a
    // light-green circle must be possible with the big cards and hopeless with the small ones.
    let do_or_die = nearest_from(b.circles_of(CircleKind::DoOrDie).collect());
    println!("Do or Die, light-green circle → nearest target: {do_or_die}");
    assert!((28..=45).contains(&do_or_die), "{do_or_die}");
    // The staff car gets six throws (R52, Czech card) and drives through the main gate.
    let car = nearest_from(b.staff_car_circles().collect());
    println!("staff car → nearest target through the main gate: {car}");
    assert!((24..=42).contains(&car), "{car}");
    let through_gate = b.distances(&b.staff_car_circles().collect::<Vec<_>>(), Passage::DO_OR_DIE, &|c| {
        c == b.main_gate().circle
    });
    assert!(
        b.targets().iter().all(|t| through_gate.to(t.circle).is_none_or(|d| d > car)),
        "the car's way out is the main gate"
    );
    // A Do or Die run needs no equipment, yet the walker alone cannot get out.
    assert!(route_lengths(Passage::WALK).values().all(Option::is_none));
}

// ------------------------------------------------------------------ Appel and setup

#[test]
fn appel_is_a_hexagon_of_37_in_rows_4_5_6_7_6_5_4() {
    let circles = appel();
    assert_eq!(circles.len(), 37);
    let mut rows: BTreeMap<u8, Vec<CircleId>> = BTreeMap::new();
    for c in &circles {
        rows.entry(c.row()).or_default().push(*c);
    }
    let widths: Vec<usize> = rows.values().map(Vec::len).collect();
    assert_eq!(widths, vec![4, 5, 6, 7, 6, 5, 4]);
    let first_row = *rows.keys().next().unwrap();
    assert_eq!(rows.keys().copied().collect::<Vec<_>>(), (first_row..first_row + 7).collect::<Vec<_>>());
    // A regular hexagon: every circle within 3 of the centre, and all of those are Appel circles.
    let centre = rows.values().nth(3).unwrap()[3];
    for c in &circles {
        assert!(c.hex_distance(centre) <= 3, "{c}");
        assert!(board().in_courtyard(*c));
    }
}

/// Pieces by number of players (rules, "To prepare for the game").
const PIECES: [(u8, u8, usize); 5] = [(6, 16, 4), (5, 15, 5), (4, 14, 6), (3, 12, 7), (2, 6, 8)];

#[test]
fn each_formation_fits_the_appel_area() {
    let b = board();
    assert_eq!(b.formations().iter().map(|f| f.players).collect::<Vec<_>>(), vec![2, 3, 4, 5, 6]);
    for (players, guards, men) in PIECES {
        let f = b.formation(players).unwrap();
        assert_eq!(f.guards, guards, "{players} players");
        assert_eq!(f.teams.len(), usize::from(players - 1), "{players} players: one team per Escape Officer");
        let mut all = BTreeSet::new();
        for (team, circles) in f.teams.iter().enumerate() {
            assert_eq!(circles.len(), men, "{players} players, team {}", team + 1);
            for c in circles {
                assert!(b.is(*c, CircleKind::Appel));
                assert!(all.insert(*c), "{c} used twice in the {players}-player formation");
            }
        }
    }
}

#[test]
fn guard_posts_allow_the_setup_rule() {
    let b = board();
    let inner = b.guard_posts(Region::Inner).count();
    let outer = b.guard_posts(Region::Outer).count();
    let slots = b.barracks_slots().count();
    println!("guard posts: {inner} inner, {outer} outer; {slots} barracks slots");
    assert_eq!(b.barracks().len(), 2);
    assert!(b.barracks().iter().all(|block| block.slots.len() == 8), "German Barracks are 2 × 8");
    for (players, guards, _) in PIECES {
        let teams = usize::from(players - 1);
        let guards = usize::from(guards);
        assert!(inner >= teams, "one guard per team on an inner black circle ({players} players)");
        assert!(outer >= 7, "2 to 7 guards on outer black circles");
        // Whatever the German chooses between 2 and 7 outside, the rest must fit in the barracks.
        assert!(guards >= teams + 2, "{players} players: not enough guards for the minimum");
        assert!(guards - teams - 2 <= slots, "{players} players: reserve does not fit the barracks");
    }
    assert_eq!(b.guard_posts(Region::Beyond).count(), 0, "no posts beyond the walls");
}

// ------------------------------------------------------------------ rooms

#[test]
fn every_symbol_is_in_exactly_two_rooms() {
    let b = board();
    assert_eq!(b.rooms().len(), 16);
    let pairs: [(Symbol, [&str; 2]); 8] = [
        (Symbol::Food, ["canteen", "parcels-office"]),
        (Symbol::Rope, ["chapel", "stores"]),
        (Symbol::Key, ["dentist", "showers"]),
        (Symbol::Pass, ["guard-house", "orderlies-quarters"]),
        (Symbol::Documents, ["office", "interview-room"]),
        (Symbol::WireCutters, ["kitchen", "sick-bay"]),
        (Symbol::Disguise, ["laundry", "theatre"]),
        (Symbol::Compass, ["wc", "officers-quarters"]),
    ];
    for (symbol, rooms) in pairs {
        let mut found: Vec<&str> = b.rooms_with(symbol).map(|(_, r)| r.key.as_str()).collect();
        found.sort();
        let mut expected = rooms.to_vec();
        expected.sort();
        assert_eq!(found, expected, "{symbol:?}");
    }
}

#[test]
fn rooms_hold_two_men_and_open_onto_the_courtyard() {
    let b = board();
    let from_appel = b.distances(&appel(), Passage::WALK, NOBODY);
    for (index, room) in b.rooms().iter().enumerate() {
        assert!(room.circles.len() >= 2, "{}", room.key);
        assert!(!room.doors.is_empty(), "{}", room.key);
        for c in &room.circles {
            assert_eq!(b.room_of(*c).map(|(r, _)| r), Some(RoomId(index as u8)));
            assert_eq!(b.region(*c), Some(Region::Inner));
        }
        // Equipment is claimed by walking in: every room is reached from Appel on foot.
        assert!(from_appel.to(room.doors[0]).is_some(), "{} cannot be walked to", room.key);
        assert!(room.doors.iter().all(|d| b.is_door(*d)));
    }
}

// ------------------------------------------------------------------ special links

#[test]
fn every_drop_has_a_landing_and_one_or_two_ropes() {
    let b = board();
    assert!(b.drops().iter().any(|d| d.ropes == 1) && b.drops().iter().any(|d| d.ropes == 2));
    for drop in b.drops() {
        assert!(matches!(drop.ropes, 1 | 2));
        assert_eq!(drop.feet(), u16::from(drop.ropes) * 30);
        assert!(b.is(drop.from, CircleKind::RopeDrop));
        assert!(b.is(drop.to, CircleKind::Landing));
        assert_eq!(b.link(drop.from, drop.to).unwrap().needs(), Need::Ropes(drop.ropes));
        assert_eq!(b.link(drop.to, drop.from).unwrap().kind, LinkKind::RopeUp { ropes: drop.ropes });
        // A drop goes over a wall: without the rope the landing is not a neighbour.
        assert!(b.link(drop.from, drop.to).unwrap().kind != LinkKind::Step);
        let walk = b.distance(drop.from, drop.to, Passage::WALK, NOBODY);
        assert!(walk.is_none_or(|d| d > 2), "{} → {}: the drop saves nothing", drop.from, drop.to);
        // With fewer ropes than it takes, the drop is closed.
        let short = Passage { ropes: drop.ropes - 1, ..Passage::WALK };
        assert!(b.distance(drop.from, drop.to, short, NOBODY) != Some(1));
    }
}

#[test]
fn wire_is_crossed_only_between_facing_circles_with_cutters() {
    let b = board();
    assert!(b.wire_crossings().len() >= 4);
    for w in b.wire_crossings() {
        assert!(b.is_beyond(w.outside) && !b.is_beyond(w.inside));
        assert_eq!(b.link(w.inside, w.outside).unwrap().needs(), Need::WireCutters);
        assert_eq!(b.distance(w.inside, w.outside, Passage { wire: true, ..Passage::WALK }, NOBODY), Some(1));
        assert_eq!(
            b.distance(w.inside, w.outside, Passage::WALK, NOBODY),
            None,
            "wire at {} can be walked around",
            w.inside
        );
    }
}

/// R41: a PoW cannot go around a KEY or PASS circle. For a walker with nothing else, every gate
/// is the only way between the two sides it stands between.
#[test]
fn every_key_and_pass_circle_cannot_be_walked_around() {
    let b = board();
    let keys = b.gates().iter().filter(|g| g.kind == GateKind::Key).count();
    let passes = b.gates().iter().filter(|g| g.kind == GateKind::Pass).count();
    assert!(keys >= 3 && passes >= 3, "{keys} KEY and {passes} PASS circles");
    for gate in b.gates() {
        let sides: Vec<CircleId> =
            b.links(gate.circle).iter().filter(|l| l.kind == LinkKind::Step).map(|l| l.to).collect();
        let side_of = |c: CircleId| {
            let reach = b.distances(&[c], Passage::WALK, &|x| x == gate.circle);
            sides.iter().copied().filter(|s| reach.to(*s).is_some()).collect::<BTreeSet<_>>()
        };
        let first = side_of(sides[0]);
        assert!(first.len() < sides.len(), "gate {} at {} can be walked around", gate.key, gate.circle);
        // Stepping onto it takes the card.
        for s in &sides {
            let need = b.link(*s, gate.circle).unwrap().needs();
            assert_eq!(need, if gate.kind == GateKind::Key { Need::Key } else { Need::Pass });
        }
    }
    // Rule 39's Pass circle lies on the way back from the outer cells to the courtyard.
    let outer = b.cell_blocks().iter().find(|c| c.outer).unwrap();
    let back = Passage { passes: true, ..Passage::WALK };
    let via = b.distance(outer.door, b.return_gate().circle, back, NOBODY).unwrap();
    let to_courtyard = b.distances(&[outer.door], back, NOBODY);
    let nearest_inner = appel().iter().filter_map(|a| to_courtyard.to(*a)).min().unwrap();
    assert!(via < nearest_inner);
    let without = b.distances(&[outer.door], back, &|c| c == b.return_gate().circle);
    assert!(appel().iter().all(|a| without.to(*a).is_none()), "the outer cells have another way in");
}

#[test]
fn tunnels_have_two_ends_and_are_followed_only_from_inside() {
    let b = board();
    let names: BTreeSet<&str> = b.tunnels().iter().map(|t| t.key.as_str()).collect();
    assert_eq!(names, BTreeSet::from(["chapel", "canteen", "theatre"]));
    for (index, tunnel) in b.tunnels().iter().enumerate() {
        let tid = TunnelId(index as u8);
        let [a, z] = tunnel.ends();
        assert_ne!(a, z);
        // Each starts in the room its card names and comes out beyond the walls.
        assert_eq!(b.room_of(a).map(|(_, r)| r.key.as_str()), Some(tunnel.key.as_str()));
        assert!(b.is_beyond(z), "tunnel {} ends at {z}", tunnel.key);
        // Surface walkers never step from one tunnel circle to the next.
        for c in &tunnel.circles {
            for link in b.links(*c) {
                let into_tunnel = b.tunnel_of(link.to).is_some();
                assert!(!(link.kind == LinkKind::Step && into_tunnel), "{c} → {}", link.to);
            }
        }
        // With the card, the tunnel is one step per circle from end to end.
        let only = Passage { tunnels: TunnelAccess::Only(tid), ..Passage::WALK };
        assert_eq!(b.distance(a, z, only, NOBODY), Some((tunnel.circles.len() - 1) as u16));
        // Men in the tunnel block it.
        let middle = tunnel.circles[tunnel.circles.len() / 2];
        assert_eq!(b.distance(a, z, only, &|c| c == middle), None);
        // Another tunnel's card does not open it: the way round is far longer.
        let other =
            Passage { tunnels: TunnelAccess::Only(TunnelId(((index + 1) % 3) as u8)), ..Passage::WALK };
        assert!(b.distance(a, z, other, NOBODY).is_none_or(|d| d > 2 * tunnel.circles.len() as u16));
    }
}

// ------------------------------------------------------------------ regions and places

#[test]
fn places_sit_in_the_right_regions() {
    let b = board();
    let safe: Vec<CircleId> = b.circles_of(CircleKind::Safe).collect();
    assert_eq!(safe.len(), 8);
    assert!(safe.iter().all(|c| b.in_courtyard(*c)));
    assert!(b.circles_of(CircleKind::DoOrDie).all(|c| b.region(c) == Some(Region::Inner)));
    assert!(b.circles_of(CircleKind::DoOrDie).count() >= 3);
    assert_eq!(b.searchlights().len(), 4);
    for s in b.searchlights() {
        assert!(s.circles.len() >= 3, "{}", s.key);
        assert!(
            s.circles.iter().all(|c| b.region(*c) == Some(Region::Outer)),
            "searchlight {} lights the outer areas",
            s.key
        );
    }
    assert_eq!(b.staff_car_circles().count(), 7);
    assert!(b.staff_car_circles().all(|c| b.circle(c).unwrap().terrain == Terrain::Lawn));
    for t in b.targets() {
        assert!(b.is_beyond(t.circle));
        assert_eq!(b.target_at(t.circle).map(|x| &x.key), Some(&t.key));
    }
    let blocks: Vec<bool> = b.cell_blocks().iter().map(|c| c.outer).collect();
    assert_eq!(blocks.iter().filter(|outer| !**outer).count(), 2, "two inner blocks");
    assert_eq!(blocks.iter().filter(|outer| **outer).count(), 1, "one outer block");
    for block in b.cell_blocks() {
        let door_region = b.region(block.door).unwrap();
        assert_eq!(door_region, if block.outer { Region::Outer } else { Region::Inner });
        assert!(
            block.cells.iter().all(|c| { b.cell_block_of(*c).is_some_and(|(_, blk)| blk.key == block.key) })
        );
        assert!(!b.links(block.door).is_empty(), "a released man walks on from the door");
    }
}

#[test]
fn nearest_free_skips_occupied_circles_and_is_deterministic() {
    let b = board();
    let centre = id("r25c29");
    let appel_circle = |c: &Circle| c.kind == CircleKind::Appel;
    assert_eq!(b.nearest_free(centre, &appel_circle, NOBODY), Some(centre));
    let taken: BTreeSet<CircleId> = [centre, id("r25c28"), id("r25c30")].into();
    let next = b.nearest_free(centre, &appel_circle, &|c| taken.contains(&c)).unwrap();
    assert_eq!(centre.hex_distance(next), 1);
    assert_eq!(next, id("r24c29"), "ties go to the lowest id");
    // Far-off PoW moved directly to Appel: the nearest Appel circle by the board's links.
    let from_kitchen =
        b.nearest_free(b.room_named("kitchen").unwrap().1.doors[0], &appel_circle, NOBODY).unwrap();
    assert_eq!(from_kitchen.row(), 25, "the Kitchen door faces Appel's middle row");
    // Barracks slots are reached by moving directly only: straight-line order.
    let slot = b.nearest_free(b.main_gate().circle, &|c| c.kind == CircleKind::BarracksSlot, NOBODY).unwrap();
    assert!(b.barracks().iter().any(|blk| blk.key == "east" && blk.slots.contains(&slot)));
    assert_eq!(b.nearest_free(centre, &|_| false, NOBODY), None);
}

#[test]
fn blocked_circles_are_not_entered() {
    let b = board();
    let a = id("r25c26");
    let c = id("r25c28");
    assert_eq!(b.distance(a, c, Passage::WALK, NOBODY), Some(2));
    // Walling off the west end's neighbours forces a detour.
    let wall: BTreeSet<CircleId> = [id("r25c27"), id("r24c27"), id("r26c27")].into();
    let around = b.distance(a, c, Passage::WALK, &|x| wall.contains(&x)).unwrap();
    assert!(around > 2);
}

// ------------------------------------------------------------------ malformed files

/// The board source with one line changed.
fn edited(find: &str, replace: &str) -> String {
    assert!(SOURCE.contains(find), "fixture {find:?} not found");
    SOURCE.replacen(find, replace, 1)
}

fn line_of(source: &str, needle: &str) -> usize {
    source.lines().position(|l| l.contains(needle)).unwrap() + 1
}

fn refused(source: &str) -> BoardError {
    match Board::parse(source) {
        Ok(_) => panic!("the loader accepted a malformed board"),
        Err(error) => error,
    }
}

#[test]
fn unknown_map_character_is_named_with_line_and_column() {
    // Put a '?' on row 25 of the [circles] layer at column 29 (the Appel centre).
    let circles_at = SOURCE.find("\n[circles]\n").unwrap();
    let row = SOURCE[circles_at..].find("\n25  ").unwrap() + circles_at + 1;
    let mut source = SOURCE.to_string();
    source.replace_range(row + 4 + 29..row + 4 + 30, "?");
    let error = refused(&source);
    assert_eq!(error.line, source[..row].lines().count() + 1);
    assert_eq!(error.column, 4 + 29 + 1);
    assert!(error.message.contains("unknown circle character '?'"), "{error}");
}

#[test]
fn legend_naming_a_missing_circle_is_refused() {
    let source = edited("target  nw  r02c02", "target  nw  r02c01");
    let error = refused(&source);
    assert_eq!((error.line, error.column), (line_of(&source, "target  nw  r02c01"), 13));
    assert!(error.message.contains("no circle at r02c01"), "{error}");
}

#[test]
fn drop_without_landing_is_refused() {
    let source = edited("drop  r27c12  1  r27c10", "drop  r27c12  1");
    let error = refused(&source);
    assert_eq!(error.line, line_of(&source, "drop  r27c12  1"));
    assert!(error.message.contains("missing the landing circle"), "{error}");
    // A landing that is not a white-ringed circle is refused too.
    let error = refused(&edited("drop  r27c12  1  r27c10", "drop  r27c12  1  r27c09"));
    assert!(error.message.contains("should be a landing circle"), "{error}");
    // And a drop of three ropes.
    let error = refused(&edited("drop  r27c12  1  r27c10", "drop  r27c12  3  r27c10"));
    assert_eq!(error.column, 15);
}

#[test]
fn room_without_symbol_is_refused() {
    let source = edited("room chapel              rope          door", "room chapel              door");
    let error = refused(&source);
    assert_eq!(error.line, line_of(&source, "room chapel "));
    assert!(error.message.contains("room chapel needs an equipment symbol"), "{error}");
}

#[test]
fn a_hole_in_a_room_wall_is_caught_by_the_door_list() {
    // Open the Chapel's wall at row 18 column 16.
    let areas_at = SOURCE.find("\n[areas]\n").unwrap();
    let row = SOURCE[areas_at..].find("\n18  ").unwrap() + areas_at + 1;
    let mut source = SOURCE.to_string();
    assert_eq!(&source[row + 4 + 16..row + 4 + 17], "#");
    source.replace_range(row + 4 + 16..row + 4 + 17, "H");
    let circles_at = source.find("\n[circles]\n").unwrap();
    let crow = source[circles_at..].find("\n18  ").unwrap() + circles_at + 1;
    source.replace_range(crow + 4 + 16..crow + 4 + 17, "o");
    let error = refused(&source);
    assert!(error.message.contains("room chapel opens at [r18c16 r20c16]"), "{error}");
}

#[test]
fn map_rows_must_be_numbered_and_full_width() {
    let source = edited("\n07  ", "\n08  ");
    let error = refused(&source);
    assert!(error.message.contains("expected row 07"), "{error}");
    let areas_at = SOURCE.find("\n[areas]\n").unwrap();
    let row = SOURCE[areas_at..].find("\n30  ").unwrap() + areas_at + 1;
    let mut source = SOURCE.to_string();
    source.insert(row + 10, 'f');
    let error = refused(&source);
    assert_eq!(error.column, 5);
    assert!(error.message.contains("row 30 has 73 characters"), "{error}");
}

#[test]
fn other_malformed_legends_are_refused() {
    let cases: [(&str, &str, &str); 8] = [
        ("gate  north-door       key ", "gate  north-door       pass", "should be a pass circle"),
        ("tunnel  chapel   r21c13  r21c03", "tunnel  chapel   r21c13  r21c05", "not a single line"),
        ("wire  r07c12  r05c12", "wire  r07c12  r05c24", "do not face each other"),
        (
            "searchlight  garden         r44c12",
            "searchlight  garden         r44c12\nsearchlight  lamp  r44c14",
            "already part of another",
        ),
        (
            "[formation 2]\nguards 6\n   . . . .",
            "[formation 2]\nguards 6\n   . . .",
            "has 4 circles but the line gives 3",
        ),
        ("\n[features]\n", "\n[feature]\n", "unknown section [feature]"),
        ("T  target", "T  goal", "unknown kind of circle \"goal\""),
        ("target  se  r59c62", "target  se  r59c62\nstatue  r59c62", "unknown feature \"statue\""),
    ];
    for (find, replace, expected) in cases {
        let Err(error) = Board::parse(&edited(find, replace)) else {
            panic!("accepted: {find:?} → {replace:?}")
        };
        assert!(error.message.contains(expected), "{find:?} → {error}");
        assert!(error.line > 0 && error.column > 0);
    }
    // A special circle nobody explains.
    let error = refused(&edited("target  se  r59c62\n", ""));
    assert!(error.message.contains("target circle r59c62 is not part of any target line"), "{error}");
}
