//! A long game's pages cost what they show: the history pages through its
//! records with plain links, the game page lists the last rows only, and an ended game is
//! verified once, when it ends, its verdict kept. How fast is for `examples/load.rs`.

use crate::harness::{TestApp, TestGame};
use serde_json::json;

/// Play `g` to its end through the play layer, varying the choice; returns the last seq.
async fn play_to_the_end(app: &TestApp, g: &TestGame) -> u64 {
    for step in 0..20_000usize {
        let loaded = app.log.load(&g.id).await.unwrap();
        if loaded.finished() {
            return loaded.seq;
        }
        let seat = loaded.table.to_act()[0];
        let view = feldpost::play::view::view(&app.log, &loaded, Some(seat));
        // Played out: nobody concedes.
        let offered: Vec<_> =
            view.legal_actions.iter().filter(|a| !loaded.table.concession(&a.action)).collect();
        let action = &offered[step % offered.len()].action;
        feldpost::play::act::by_token(&app.log, &g.token(usize::from(seat)), None, view.current_seq, action)
            .await
            .unwrap();
    }
    panic!("the game must end");
}

/// The step numbers a history page lists (its `#N` entries).
fn listed(page: &str) -> Vec<u64> {
    page.split("<li class=\"")
        .skip(1)
        .filter_map(|li| li.split("?at=").nth(1)?.split('"').next()?.parse().ok())
        .collect()
}

#[tokio::test]
async fn a_long_game_pages_its_history_lists_its_last_rows_and_keeps_its_verdict() {
    let app = TestApp::spawn().await;
    let g = app.create_zajatce(&["Alena", "Bořek", "Cyril"], json!({})).await;
    let last = play_to_the_end(&app, &g).await;
    assert!(last > 120, "a game long enough for three pages ({last} records)");

    // The history, page by page, by its links alone.
    let base = format!("{}/history", g.seat_path(0));
    let mut uri = format!("{base}?at=1");
    let mut seen = Vec::new();
    let mut earlier_of_this_page = None;
    loop {
        let page = app.page(&uri, "en").await;
        assert_eq!(page.status, 200, "{uri}");
        assert!(page.text.len() <= 100 * 1024, "{uri}: {} bytes", page.text.len());
        let steps = listed(&page.text);
        assert!(!steps.is_empty() && steps.len() <= 50, "{uri}: {} entries", steps.len());
        let (from, to) = (steps[0], *steps.last().unwrap());
        assert!(page.text.contains(&format!("Records {from} to {to} of {last}")), "{uri}");
        assert_eq!(steps, (from..=to).collect::<Vec<_>>(), "{uri}: the page's records, in order");
        match earlier_of_this_page {
            None => assert!(!page.text.contains("class=\"page-earlier\""), "the first page has none before"),
            Some(e) => assert!(page.text.contains(&format!("class=\"page-earlier\" href=\"{base}?at={e}\""))),
        }
        seen.extend(steps);
        let later = format!("class=\"page-later\" href=\"{base}?at=");
        match page.text.split(&later).nth(1) {
            Some(rest) => {
                let next: u64 = rest.split('"').next().unwrap().parse().unwrap();
                assert_eq!(next, to + 1);
                earlier_of_this_page = Some(to);
                uri = format!("{base}?at={next}");
            }
            None => break,
        }
    }
    assert_eq!(seen, (1..=last).collect::<Vec<_>>(), "every record on exactly one page");

    // The game page lists the last eight rows, newest first.
    let game_page = app.page(&g.seat_path(0), "en").await.text;
    let rows: Vec<u64> = game_page
        .split("<span class=\"seq\">#")
        .skip(1)
        .map(|r| r.split('<').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(rows, (last - 7..=last).rev().collect::<Vec<_>>(), "{rows:?}");

    // Verified when it ended, and the verdict kept: the page shows the stored one.
    let verdict = app.log.store.game_verdict(&g.id).await.unwrap();
    assert_eq!(verdict, Some((last as i64, None)));
    assert!(game_page.contains(&format!("{last} records are chained intact")), "{game_page}");
    app.log
        .store
        .execute_raw(&format!("UPDATE game_verdicts SET records = 7 WHERE game_id = '{}'", g.id))
        .await
        .unwrap();
    let again = app.page(&g.seat_path(0), "en").await.text;
    assert!(again.contains(" 7 records are chained intact"), "the page reads the kept verdict");
}
