//! The cross-shaped track of a Člověče, nezlob se board (rule Z1).
//!
//! Fields are numbered 0–39 clockwise from the start field of the first corner. Each corner's
//! start field lies ten fields after the previous one; the field just before a start field is
//! that corner's home entrance, where a stone leading prisoners turns off into its home.

use serde::{Deserialize, Serialize};

/// Fields on the shared track.
pub const TRACK_FIELDS: u8 = 40;
/// Fields between two neighbouring start fields.
pub const CORNER_SPACING: u8 = 10;
/// Fields of each home (the prison camp).
pub const HOME_FIELDS: u8 = 4;
/// Stones each player owns.
pub const STONES_PER_PLAYER: u8 = 5;
/// The board has four corners; a game uses two to four of them.
pub const CORNERS: u8 = 4;

/// Which way a stone travels along the track.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Clockwise, the usual way.
    #[default]
    Forward,
    /// Anticlockwise: only in the backward phase (rule Z12).
    Backward,
}

/// The corner (0–3, clockwise) each seat plays from. Two players sit at opposite corners, so
/// that neither starts right behind the other; three or four take the corners in seat order.
pub fn corners(seats: usize) -> Vec<u8> {
    match seats {
        2 => vec![0, 2],
        n => (0..n.min(usize::from(CORNERS)) as u8).collect(),
    }
}

/// The start field of a corner.
pub fn start_field(corner: u8) -> u8 {
    (corner % CORNERS) * CORNER_SPACING
}

/// The last track field before a corner's start field, where its home branches off.
pub fn home_entrance(corner: u8) -> u8 {
    (start_field(corner) + TRACK_FIELDS - 1) % TRACK_FIELDS
}

/// How far along its circuit a field is for a stone of `corner`: 0 on the start field, 39 on
/// the home entrance.
pub fn progress(field: u8, corner: u8) -> u8 {
    (field % TRACK_FIELDS + TRACK_FIELDS - start_field(corner)) % TRACK_FIELDS
}

/// The field `steps` fields away from `field` in `direction` (the track is a ring).
pub fn step(field: u8, steps: u8, direction: Direction) -> u8 {
    let steps = steps % TRACK_FIELDS;
    match direction {
        Direction::Forward => (field + steps) % TRACK_FIELDS,
        Direction::Backward => (field + TRACK_FIELDS - steps) % TRACK_FIELDS,
    }
}

/// Whether a stone leading prisoners from `field` reaches or passes its home entrance when it
/// moves `steps` fields forward (rule Z11: no exact throw is needed). A stone standing on the
/// entrance itself turns off with any forward move.
pub fn reaches_home_entrance(field: u8, steps: u8, corner: u8) -> bool {
    u16::from(progress(field, corner)) + u16::from(steps) >= u16::from(TRACK_FIELDS - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_sit_opposite_and_more_take_corners_in_order() {
        assert_eq!(corners(2), vec![0, 2]);
        assert_eq!(corners(3), vec![0, 1, 2]);
        assert_eq!(corners(4), vec![0, 1, 2, 3]);
    }

    #[test]
    fn starts_are_ten_apart_and_entrances_just_before_them() {
        assert_eq!((0..4).map(start_field).collect::<Vec<_>>(), vec![0, 10, 20, 30]);
        assert_eq!((0..4).map(home_entrance).collect::<Vec<_>>(), vec![39, 9, 19, 29]);
        assert_eq!(progress(9, 1), 39);
        assert_eq!(progress(10, 1), 0);
        assert_eq!(progress(5, 1), 35);
    }

    #[test]
    fn steps_wrap_around_the_ring_both_ways() {
        assert_eq!(step(37, 5, Direction::Forward), 2);
        assert_eq!(step(2, 5, Direction::Backward), 37);
        assert_eq!(step(10, 6, Direction::Forward), 16);
    }

    #[test]
    fn home_entrance_is_reached_or_passed_without_exact_throw() {
        // Corner 0: entrance is field 39.
        assert!(!reaches_home_entrance(32, 6, 0));
        assert!(reaches_home_entrance(33, 6, 0));
        assert!(reaches_home_entrance(38, 6, 0));
        assert!(reaches_home_entrance(39, 1, 0));
        // Corner 2 (start 20, entrance 19): a stone on field 15 with a four reaches it.
        assert!(reaches_home_entrance(15, 4, 2));
        assert!(!reaches_home_entrance(15, 3, 2));
        // Just after its own start, the circuit is still ahead.
        assert!(!reaches_home_entrance(21, 6, 2));
    }
}
