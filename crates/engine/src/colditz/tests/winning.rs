//! The deterministic winning game for the web side's integration test: three players (the
//! German in seat 0, two Escape Officers), success formula one escape, manual dice, the setup
//! shuffled by `ScriptedRandom` with 61 zeros (the Do or Die pack's top card is then card92, six
//! throws). Seat 1 walks four men into a disguise, a compass, a food and a documents room over
//! two turns, claims the Escape Kit, and in his next turn man 4 runs Do or Die from the Appel
//! area: six throws of 6+5 = 66 against the 59 steps to the nearest target. The same sequence
//! is listed in docs/rules/colditz.md ("A scripted winning game").

use super::*;
use crate::colditz::Colditz;
use crate::colditz::events::Route;
use crate::{Ruleset, ScriptedRandom};

pub const OPTIONS: &str = r#"{"success": {"escapes": 1}, "dice": "manual"}"#;

/// (seat, action JSON), in order.
pub const ACTIONS: &[(Seat, &str)] = &[
    (0, r#"{"action":"place_guards","inner":["r17c29","r18c21"],"outer":["r08c16","r08c34"]}"#),
    (1, r#"{"action":"throw","dice":[[6,6],[6,6],[6,5]]}"#),
    (
        1,
        r#"{"action":"move","man":0,"path":["r21c28","r20c29","r19c29","r18c30","r17c30","r16c31","r15c31","r14c32"]}"#,
    ),
    (
        1,
        r#"{"action":"move","man":1,"path":["r22c28","r21c27","r20c27","r19c26","r18c26","r17c25","r16c25","r15c24","r14c24"]}"#,
    ),
    (
        1,
        r#"{"action":"move","man":2,"path":["r22c28","r22c29","r21c29","r21c30","r21c31","r21c32","r21c33","r21c34","r20c35","r19c35","r18c36","r17c36","r16c37","r15c37","r14c38"]}"#,
    ),
    (1, r#"{"action":"end_turn"}"#),
    (2, r#"{"action":"throw","dice":[[1,3]]}"#),
    (2, r#"{"action":"end_turn"}"#),
    (0, r#"{"action":"throw","dice":[[1,3]]}"#),
    (0, r#"{"action":"end_turn"}"#),
    (1, r#"{"action":"throw","dice":[[6,6],[6,6],[6,5]]}"#),
    (
        1,
        r#"{"action":"move","man":3,"path":["r23c27","r23c26","r23c25","r23c24","r23c23","r23c22","r23c21","r23c20","r23c19","r24c19","r25c18","r26c18","r27c17","r28c17","r28c16"]}"#,
    ),
    (1, r#"{"action":"claim_kit","men":[0,1,2,3],"parts":[]}"#),
    (1, r#"{"action":"end_turn"}"#),
    (2, r#"{"action":"throw","dice":[[1,3]]}"#),
    (2, r#"{"action":"end_turn"}"#),
    (0, r#"{"action":"throw","dice":[[1,3]]}"#),
    (0, r#"{"action":"end_turn"}"#),
    (1, r#"{"action":"do_or_die","man":4}"#),
    (1, r#"{"action":"do_or_die","man":4,"dice":[[6,5],[6,5],[6,5],[6,5],[6,5],[6,5]]}"#),
];

#[test]
fn c23_scripted_three_player_game_ends_with_an_escape_that_wins() {
    let options: Options = serde_json::from_str(OPTIONS).unwrap();
    let mut setup_rng = ScriptedRandom::new(std::iter::repeat_n(0, 61));
    let mut log = Colditz::setup(&options, 3, &mut setup_rng);
    assert!(setup_rng.is_empty(), "the setup takes exactly 61 draws");
    let mut state = crate::replay::<Colditz>(&options, 3, &log);
    for (seat, json) in ACTIONS {
        assert!(Colditz::outcome(&state).is_none(), "not over before {json}");
        let action: Action = serde_json::from_str(json).unwrap();
        // Manual dice: no draws are needed.
        let events = Colditz::decide(&state, *seat, &action, &mut ScriptedRandom::default())
            .unwrap_or_else(|r| panic!("{json}: {r:?}"));
        for e in &events {
            Colditz::apply(&mut state, e);
        }
        log.extend(events);
    }
    assert!(log.iter().any(|e| matches!(e, Event::Escaped { man: 4, seat: 1, route: Route::DoOrDie, .. })));
    let outcome = Colditz::outcome(&state).expect("the game has ended");
    assert_eq!(outcome.winners, vec![1]);
    assert_eq!(outcome.summary.key, "colditz-outcome-escape");
    assert_eq!(crate::replay::<Colditz>(&options, 3, &log), state);
    assert!(Colditz::to_act(&state).is_empty(), "nobody acts after the end");
    assert!(Colditz::legal_actions(&state, 1).is_empty());
}
