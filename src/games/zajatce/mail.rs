//! Na zajatce in a mail's words: where every stone stands, from the seat's view (the board in
//! words beside, or instead of, its picture).

use feldpost_engine::zajatce::View;
use feldpost_engine::{Msg, Seat};

/// One line for each group of stones on the track, by field, then one line for each player still in the game with its reserve and
/// camp (a player who is out is said to be out).
pub fn places(view: &View) -> Vec<Msg> {
    let mut units: Vec<_> = view.units.iter().collect();
    units.sort_by_key(|u| (u.field, u.owner, u.leader.number));
    let mut lines: Vec<Msg> = units
        .iter()
        .map(|u| {
            let with: Vec<String> = u.members.iter().map(|m| m.number.to_string()).collect();
            Msg::new("zajatce-mail-unit")
                .seat("player", u.owner)
                .num("stone", u.leader.number)
                .num("field", i64::from(u.field) + 1)
                .num("members", with.len() as i64)
                .text("with", with.join(", "))
                .num("prisoners", u.prisoners.len() as i64)
        })
        .collect();
    for s in &view.seats {
        lines.push(if s.eliminated {
            Msg::new("zajatce-mail-out").seat("player", s.seat).num("camp", s.camp.len() as i64)
        } else {
            Msg::new("zajatce-mail-seat")
                .seat("player", s.seat as Seat)
                .num("reserve", s.reserve.len() as i64)
                .num("camp", s.camp.len() as i64)
        });
    }
    lines
}
