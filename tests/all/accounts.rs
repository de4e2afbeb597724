//! Accounts: register, log in (password, link, code), sessions and their cookie, logout,
//! CSRF, rate limits, password reset through the outbox, attaching seats and "My games". Every
//! refusal is checked in English and Czech; time is moved by hand, never slept.

use crate::harness::{Browser, Options, PASSWORD, Req, T0, TestApp, TestGame, csrf_of, players};
use axum::http::StatusCode;
use feldpost::store::MailStatus;
use serde_json::json;

fn link_in(body: &str, prefix: &str) -> String {
    let at = body.find(prefix).unwrap_or_else(|| panic!("no {prefix} in {body}"));
    let rest = &body[at..];
    rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())]
        .trim_start_matches("http://feldpost.test")
        .to_owned()
}

fn code_in(body: &str) -> String {
    body.lines()
        .map(str::trim)
        .find(|l| {
            l.len() == 8
                && l.chars().all(|c| c.is_ascii_alphanumeric())
                && l.chars().any(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
        })
        .expect("a code")
        .to_owned()
}

#[tokio::test]
async fn register_then_session_cookie_is_httponly_lax_and_logout_ends_it() {
    let app = TestApp::spawn().await;
    let mut b = Browser::new(&app, "en");
    let a = b.register("Ana@Example.org").await;
    assert_eq!((a.status, a.location.as_str()), (StatusCode::SEE_OTHER, "/account"), "{}", a.text);
    let cookies = a.set_cookies();
    let cookie = cookies.iter().find(|c| c.starts_with("fp_session=")).expect("a session cookie");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
        "{cookie}"
    );
    assert!(!cookie.contains("Secure"), "plain http: no Secure flag: {cookie}");
    let token = b.session().unwrap();
    // Only a hash of the token is in the database.
    let hashed = feldpost::secret::token_hash(&token);
    assert!(app.log.store.session_live(&hashed, app.log.now()).await.unwrap().is_some());
    assert!(app.log.store.session_live(&token, app.log.now()).await.unwrap().is_none());

    let page = b.get("/account").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("ana@example.org") && page.text.contains("My games"), "{}", page.text);

    // Log out (a POST with the session's token): the session is gone on the server.
    let a = b.submit("/account", "/account/logout", &[]).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER);
    assert!(
        a.set_cookies().iter().any(|c| c.starts_with("fp_session=;") && c.contains("Max-Age=0")),
        "{:?}",
        a.set_cookies()
    );
    assert!(b.session().is_none());
    // The old cookie, replayed, no longer opens the account.
    b.cookies.insert("fp_session".into(), token);
    let a = b.get("/account").await;
    assert_eq!((a.status, a.location.as_str()), (StatusCode::SEE_OTHER, "/account/login"));

    // Log in again with the password; the email is found whatever its case.
    let a = b.login("ANA@example.org", PASSWORD).await;
    assert_eq!((a.status, a.location.as_str()), (StatusCode::SEE_OTHER, "/account"), "{}", a.text);
    // Logging in from a logged-in browser replaces its session; `next` stays on this server.
    let first = b.session().unwrap();
    let html = b.get("/account/login?next=/play/abc").await.text;
    assert!(html.contains("name=\"next\" value=\"/play/abc\""), "{html}");
    let csrf = csrf_of(&html, "/account/login").unwrap();
    for (next, to) in [
        ("/play/abc", "/play/abc"),
        ("https://evil.example/", "/account"),
        ("//evil.example", "/account"),
        ("/x\r\nSet-Cookie: a=b", "/account"),
    ] {
        let a = b
            .post(
                "/account/login",
                &[("csrf", &csrf), ("email", "ana@example.org"), ("password", PASSWORD), ("next", next)],
            )
            .await;
        assert_eq!((a.status, a.location.as_str()), (StatusCode::SEE_OTHER, to), "{next:?}");
    }
    assert_ne!(b.session().unwrap(), first);
    assert!(
        app.log
            .store
            .session_live(&feldpost::secret::token_hash(&first), app.log.now())
            .await
            .unwrap()
            .is_none(),
        "the old session ended"
    );

    // A second registration with the same address gets the same answer as a new one (no
    // account enumeration); the owner is told by mail, and nothing changes on the account.
    let mut other = Browser::new(&app, "cs");
    let a = other
        .submit(
            "/account/register",
            "/account/register",
            &[("email", "ana@example.org"), ("password", "another password")],
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.text.contains("Na adresu ana@example.org jsme poslali odkaz"), "{}", a.text);
    let fresh = other
        .submit(
            "/account/register",
            "/account/register",
            &[("email", "nove@example.org"), ("password", "another password")],
        )
        .await;
    assert_eq!(fresh.text.replace("nove@example.org", "ana@example.org"), a.text, "the same page either way");
    assert!(other.session().is_none());
    let told = app.mail_to("ana@example.org", "account-exists").await;
    assert!(told.body_text.contains("ale ta už účet má"), "in the language of the page: {}", told.body_text);
    app.clock.advance(60 * 60_000); // the login limits rest
    assert_eq!(
        Browser::new(&app, "en").login("ana@example.org", "another password").await.status,
        StatusCode::FORBIDDEN,
        "the stranger's password was not set"
    );
    // An unconfirmed registration cannot log in with its password until the link is followed.
    let mut newcomer = Browser::new(&app, "en");
    let a = newcomer.login("nove@example.org", "another password").await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "not confirmed yet");
    let link = link_in(
        &app.mail_to("nove@example.org", "account-register").await.body_text,
        "http://feldpost.test/account/link/",
    );
    let a = newcomer.submit(&link, &link, &[]).await;
    assert_eq!((a.status, a.location.as_str()), (StatusCode::SEE_OTHER, "/account"), "{}", a.text);
    assert_eq!(
        Browser::new(&app, "en").login("nove@example.org", "another password").await.status,
        StatusCode::SEE_OTHER,
        "confirmed: the password works"
    );
    // Short password, bad email.
    let a = other
        .submit(
            "/account/register",
            "/account/register",
            &[("email", "bo@example.org"), ("password", "short")],
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(a.text.contains("Heslo musí mít nejméně 8 znaků"), "{}", a.text);
    let a = other
        .submit("/account/register", "/account/register", &[("email", "nobody"), ("password", PASSWORD)])
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn sessions_expire_and_https_cookies_are_secure() {
    let app =
        TestApp::spawn_with(Options { base_url: "https://feldpost.example".into(), ..Options::default() })
            .await;
    let mut b = Browser::new(&app, "en");
    let a = b.register("ana@example.org").await;
    let cookies = a.set_cookies();
    let cookie = cookies.iter().find(|c| c.starts_with("fp_session=")).expect("a session cookie");
    assert!(
        cookie.contains("; Secure") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert_eq!(b.get("/account").await.status, StatusCode::OK);
    app.clock.advance(feldpost::accounts::SESSION_MS + 1);
    assert_eq!(b.get("/account").await.status, StatusCode::SEE_OTHER, "an expired session is no session");
}

#[tokio::test]
async fn wrong_password_and_unknown_user_get_the_same_answer() {
    let app = TestApp::spawn().await;
    Browser::new(&app, "en").register("ana@example.org").await;
    for (lang, message) in [("en", "Wrong email or password."), ("cs", "Špatný e-mail nebo heslo.")] {
        // Each round starts with the mail limits rested (registering mailed Ana once too).
        app.clock.advance(60 * 60_000);
        let mut b = Browser::new(&app, lang);
        let wrong = b.login("ana@example.org", "not the password").await;
        let unknown = b.login("bo@example.org", "not the password").await;
        assert_eq!(wrong.status, StatusCode::FORBIDDEN);
        assert_eq!(unknown.status, wrong.status);
        assert!(wrong.text.contains(message), "{}", wrong.text);
        // The same page but for the address typed in.
        assert_eq!(wrong.text.replace("ana@example.org", "X"), unknown.text.replace("bo@example.org", "X"));
        assert!(b.session().is_none());
        // Asking for a login link or a reset answers the same for both, and mails only Ana.
        let known = b.submit("/account/login", "/account/login/link", &[("email", "ana@example.org")]).await;
        let unknown = b.submit("/account/login", "/account/login/link", &[("email", "bo@example.org")]).await;
        assert_eq!(known.status, StatusCode::OK);
        assert_eq!(known.text.replace("ana@example.org", "X"), unknown.text.replace("bo@example.org", "X"));
        let known = b.submit("/account/reset", "/account/reset", &[("email", "ana@example.org")]).await;
        let unknown = b.submit("/account/reset", "/account/reset", &[("email", "bo@example.org")]).await;
        assert_eq!((known.status, known.text), (unknown.status, unknown.text));
    }
    let outbox = app.mails(100).await;
    assert!(
        outbox.iter().all(|m| m.recipient == "ana@example.org"),
        "nothing is mailed to an unknown address"
    );
}

#[tokio::test]
async fn posts_without_the_csrf_token_are_refused() {
    let app = TestApp::spawn().await;
    let mut b = Browser::new(&app, "en");
    b.get("/account/login").await; // has the pre-session cookie, but sends no token
    for uri in [
        "/account/login",
        "/account/register",
        "/account/login/link",
        "/account/login/code",
        "/account/reset",
    ] {
        let a =
            b.post(uri, &[("email", "ana@example.org"), ("password", PASSWORD), ("code", "ABCDEFGH")]).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{uri}");
        assert!(a.text.contains("This form has expired or came from another site"), "{uri}: {}", a.text);
        let a = b.post(uri, &[("csrf", "0000"), ("email", "ana@example.org"), ("password", PASSWORD)]).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{uri}: a wrong token");
    }
    // A token without its cookie (another browser's page) is refused too.
    let html = b.get("/account/register").await.text;
    let token = csrf_of(&html, "/account/register").unwrap();
    let mut stranger = Browser::new(&app, "cs");
    let a = stranger
        .post("/account/register", &[("csrf", &token), ("email", "ana@example.org"), ("password", PASSWORD)])
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert!(a.text.contains("Formulář vypršel nebo přišel z jiného webu"), "{}", a.text);
    assert!(
        app.log.store.account_by_email("ana@example.org").await.unwrap().is_none(),
        "no account was made"
    );

    // Logged in: logout and attach need the session's own token.
    b.register("ana@example.org").await;
    let a = b.post("/account/logout", &[]).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    let pre = b.cookies.get("fp_csrf").cloned().unwrap();
    let a = b.post("/account/logout", &[("csrf", &pre)]).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "the pre-session token does not do for a session form");
    assert_eq!(b.get("/account").await.status, StatusCode::OK, "still logged in");

    // Cross-site requests are refused by their Fetch metadata / Origin, game forms included.
    let a =
        b.send("POST", "/games", Some(&[("ruleset", "zajatce")]), &[("sec-fetch-site", "cross-site")]).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert!(a.text.contains("sent from another site") && a.text.contains("z jiného webu"), "{}", a.text);
    let a = b
        .send(
            "POST",
            "/account/logout",
            Some(&[]),
            &[("origin", "https://evil.example"), ("host", "feldpost.test")],
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert_eq!(b.get("/account").await.status, StatusCode::OK, "still logged in");
}

#[tokio::test]
async fn too_many_login_attempts_are_refused_with_429_until_time_passes() {
    let app = TestApp::spawn().await;
    Browser::new(&app, "en").register("ana@example.org").await;
    let mut b = Browser::new(&app, "en");
    for _ in 0..5 {
        assert_eq!(b.login("ana@example.org", "guess").await.status, StatusCode::FORBIDDEN);
    }
    // The sixth is refused before the password is even looked at, the right one too.
    let a = b.login("ana@example.org", PASSWORD).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(a.text.contains("Too many attempts. Please wait 3 min and try again."), "{}", a.text);
    assert!(
        a.header("retry-after").is_some_and(|s| s.parse::<u64>().unwrap() > 0),
        "{:?}",
        a.header("retry-after")
    );
    // From another address the count is another's: what b spent does not lock the owner out.
    let mut cs = Browser::new(&app, "cs");
    cs.ip = [192, 0, 2, 99];
    let a = cs.login("ana@example.org", PASSWORD).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "the limit is per account and client: {}", a.text);
    // Codes count against the same limit.
    let a = b
        .submit(
            "/account/login",
            "/account/login/code",
            &[("email", "ana@example.org"), ("code", "AAAAAAAA")],
        )
        .await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    app.clock.advance(3 * 60_000);
    let a = b.login("ana@example.org", PASSWORD).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "after the wait: {}", a.text);

    // Per address: many accounts tried from one IP.
    let mut robot = Browser::new(&app, "en");
    robot.ip = [198, 51, 100, 7];
    let mut refused = None;
    for i in 0..25 {
        let a = robot.login(&format!("user{i}@example.org"), "guess").await;
        if a.status == StatusCode::TOO_MANY_REQUESTS {
            refused = Some(i);
            break;
        }
    }
    assert_eq!(refused, Some(20), "the 21st attempt from one address is refused");
    let mut elsewhere = Browser::new(&app, "en");
    elsewhere.ip = [203, 0, 113, 5];
    assert_eq!(
        elsewhere.login("user21@example.org", "guess").await.status,
        StatusCode::FORBIDDEN,
        "other addresses go on"
    );
}

#[tokio::test]
async fn account_mail_is_rate_limited_per_email_and_per_address() {
    let app = TestApp::spawn().await;
    // Registering mails the address once (the confirmation link): two login links are left.
    Browser::new(&app, "en").register("ana@example.org").await;
    let mut b = Browser::new(&app, "en");
    for _ in 0..2 {
        assert_eq!(
            b.submit("/account/login", "/account/login/link", &[("email", "ana@example.org")]).await.status,
            StatusCode::OK
        );
    }
    // Over the address's limit the answer is the one any request gets, and nothing is mailed:
    // the address got a link lately (a stranger asking for links never locks its owner out).
    let a = b.submit("/account/reset", "/account/reset", &[("email", "ana@example.org")]).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert!(!a.text.contains("Too many attempts"), "{}", a.text);
    let sent = app.mails(100).await.iter().filter(|m| m.recipient == "ana@example.org").count();
    assert_eq!(sent, 3, "the request over the limit mailed nothing");
    // From one address, to many emails.
    let mut robot = Browser::new(&app, "cs");
    robot.ip = [198, 51, 100, 8];
    let mut refused = None;
    for i in 0..15 {
        let a = robot
            .submit("/account/reset", "/account/reset", &[("email", &format!("u{i}@example.org"))])
            .await;
        if a.status == StatusCode::TOO_MANY_REQUESTS {
            assert!(a.text.contains("Příliš mnoho pokusů"), "{}", a.text);
            refused = Some(i);
            break;
        }
    }
    assert_eq!(refused, Some(10));
}

/// A stranger who knows only the owner's address cannot lock the owner out: five wrong
/// passwords and three login links asked for, from other addresses, leave the owner's password
/// working from the owner's browser and a login link for the owner's mailbox.
#[tokio::test]
async fn a_stranger_knowing_only_the_address_cannot_lock_its_owner_out() {
    let app = TestApp::spawn().await;
    let mut ana = Browser::new(&app, "en");
    ana.register("ana@example.org").await;
    assert!(ana.cookies.contains_key("fp_device"), "the browser is marked as the account's");
    let mut mallory = Browser::new(&app, "en");
    for (i, ip) in [[203, 0, 113, 1], [203, 0, 113, 2], [203, 0, 113, 3], [203, 0, 113, 4], [203, 0, 113, 5]]
        .into_iter()
        .enumerate()
    {
        mallory.ip = ip;
        assert_eq!(
            mallory.login("ana@example.org", &format!("guess{i}")).await.status,
            StatusCode::FORBIDDEN
        );
    }
    for ip in [[198, 51, 100, 1], [198, 51, 100, 2], [198, 51, 100, 3], [198, 51, 100, 4]] {
        mallory.ip = ip;
        let a =
            mallory.submit("/account/login", "/account/login/link", &[("email", "ana@example.org")]).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    }
    // The owner, from their browser: the password works.
    let a = ana.login("ana@example.org", PASSWORD).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text);
    // The owner, from a new browser and address, asks for a link: the same answer as ever,
    // and the newest link in the mailbox (asked for by anyone, within 15 minutes) logs in.
    let mut phone = Browser::new(&app, "en");
    phone.ip = [192, 0, 2, 77];
    let a = phone.submit("/account/login", "/account/login/link", &[("email", "ana@example.org")]).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let mail = app.mail_to("ana@example.org", "account-login").await;
    let at = mail.body_text.find("/account/link/").expect("a link");
    let rest = &mail.body_text[at..];
    let link = rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())].to_owned();
    let page = phone.get(&link).await;
    assert_eq!(page.status, StatusCode::OK);
    let a = phone.submit(&link, &link, &[]).await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "the link logs in: {}", a.text);
    // The stranger's own tries are the ones held back.
    mallory.ip = [203, 0, 113, 1];
    for i in 0..4 {
        mallory.login("ana@example.org", &format!("again{i}")).await;
    }
    assert_eq!(mallory.login("ana@example.org", "again").await.status, StatusCode::TOO_MANY_REQUESTS);
    // And a forged device mark is no mark.
    let mut forger = Browser::new(&app, "en");
    forger.ip = [203, 0, 113, 1];
    let mark = ana.cookies["fp_device"].clone();
    let (id, _) = mark.split_once('.').unwrap();
    forger.cookies.insert("fp_device".into(), format!("{id}.nonce.{}", "0".repeat(32)));
    assert_eq!(forger.login("ana@example.org", "x").await.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_login_link_works_once_and_not_after_it_expires() {
    let app = TestApp::spawn().await;
    Browser::new(&app, "en").register("ana@example.org").await;
    let mut b = Browser::new(&app, "en");
    b.submit("/account/login", "/account/login/link", &[("email", "ana@example.org")]).await;
    let mail = app.mail_to("ana@example.org", "account-login").await;
    assert!(mail.game_id.is_empty() && mail.subject.contains("login link"), "{mail:?}");
    let link = link_in(&mail.body_text, "http://feldpost.test/account/link/");
    // Opening the link (a mail scanner, say) does not log in and does not use it up.
    for _ in 0..2 {
        let page = b.get(&link).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        assert!(page.text.contains("Log in as ana@example.org?"));
        assert!(b.session().is_none());
    }
    let a = b.submit(&link, &link, &[]).await;
    assert_eq!((a.status, a.location.as_str()), (StatusCode::SEE_OTHER, "/account"), "{}", a.text);
    assert!(b.session().is_some());
    // Used: refused, in both languages.
    let mut again = Browser::new(&app, "en");
    let a = again.get(&link).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert!(a.text.contains("not valid: it is wrong, used already, or expired"), "{}", a.text);
    let pre = again.cookies.get("fp_csrf").cloned().unwrap();
    let a = again.post(&link, &[("csrf", &pre)]).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert!(again.session().is_none());
    let mut cs = Browser::new(&app, "cs");
    assert!(cs.get(&link).await.text.contains("Tento odkaz nebo kód neplatí"));

    // A new link, left lying for 16 minutes: expired.
    app.clock.advance(1_000);
    b.submit("/account/login", "/account/login/link", &[("email", "ana@example.org")]).await;
    let link2 = link_in(
        &app.mail_to("ana@example.org", "account-login").await.body_text,
        "http://feldpost.test/account/link/",
    );
    assert_ne!(link, link2);
    assert_eq!(b.get(&link2).await.status, StatusCode::OK);
    app.clock.advance(16 * 60_000);
    assert_eq!(b.get(&link2).await.status, StatusCode::FORBIDDEN);
    let mut fresh = Browser::new(&app, "en");
    fresh.get("/account/login").await;
    let pre = fresh.cookies.get("fp_csrf").cloned().unwrap();
    let a = fresh.post(&link2, &[("csrf", &pre)]).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.text);
    assert!(fresh.session().is_none());
}

#[tokio::test]
async fn a_login_code_works_once_for_its_own_email() {
    let app = TestApp::spawn().await;
    Browser::new(&app, "en").register("ana@example.org").await;
    Browser::new(&app, "en").register("bo@example.org").await;
    let mut b = Browser::new(&app, "cs");
    b.submit("/account/login", "/account/login/link", &[("email", "ana@example.org")]).await;
    let mail = app.mail_to("ana@example.org", "account-login").await;
    assert!(
        mail.subject.contains("přihlašovací odkaz"),
        "the mail is in the asker's language: {}",
        mail.subject
    );
    let code = code_in(&mail.body_text);
    let a = b
        .submit("/account/login", "/account/login/code", &[("email", "bo@example.org"), ("code", &code)])
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "Ana's code does not open Bo's account");
    let a = b
        .submit(
            "/account/login",
            "/account/login/code",
            &[("email", "Ana@example.org"), ("code", &code.to_lowercase())],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text);
    assert!(b.session().is_some());
    let mut other = Browser::new(&app, "en");
    let a = other
        .submit("/account/login", "/account/login/code", &[("email", "ana@example.org"), ("code", &code)])
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "a code is used once");
    assert!(a.text.contains("used already"), "{}", a.text);
    // The link of the same mail went with it.
    let link = link_in(&mail.body_text, "http://feldpost.test/account/link/");
    assert_eq!(other.get(&link).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn password_reset_end_to_end_through_the_outbox() {
    let app = TestApp::spawn().await;
    let mut old = Browser::new(&app, "en");
    old.register("ana@example.org").await;
    assert_eq!(old.get("/account").await.status, StatusCode::OK);

    let mut b = Browser::new(&app, "en");
    let a = b.submit("/account/reset", "/account/reset", &[("email", "ana@example.org")]).await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.text.contains("a reset link is on its way"));
    // The mail is in the outbox, and the dev mailbox shows it once the worker has run.
    let mail = app.mail_to("ana@example.org", "account-reset").await;
    assert_eq!(mail.status, MailStatus::Pending);
    let delivered = feldpost::mail::deliver_due(
        &app.log.store,
        app.log.links(),
        &feldpost::mail::Transport::DevMailbox,
        &app.clock,
    )
    .await
    .unwrap();
    assert!(delivered >= 1);
    let mailbox = app.dev_mailbox().await;
    assert!(mailbox.text.contains("Set a new feldpost password"), "{}", mailbox.text);
    // Each mail's status in the page's words, not the outbox's code.
    assert!(mailbox.text.contains(" · sent</header>"), "{}", mailbox.text);
    let czech = app
        .send(
            Req::new("GET", "/dev/mailbox").peer([127, 0, 0, 1]).header("host", "127.0.0.1:8080").lang("cs"),
        )
        .await;
    assert!(czech.text.contains(" · odesláno</header>"), "{}", czech.text);
    assert!(!czech.text.contains(" · sent</header>"));
    let link = link_in(&mail.body_text, "http://feldpost.test/account/reset/");

    // GET shows the form and changes nothing.
    let page = b.get(&link).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("A new password for ana@example.org."));
    // Too short: refused, and the link stays good.
    let a = b.submit(&link, &link, &[("password", "short")]).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    let a = b.submit(&link, &link, &[("password", "a brand new secret")]).await;
    assert_eq!((a.status, a.location.as_str()), (StatusCode::SEE_OTHER, "/account"), "{}", a.text);
    assert_eq!(b.get("/account").await.status, StatusCode::OK, "logged in with the new password");

    // Every older session ended; the old password fails, the new one works.
    assert_eq!(old.get("/account").await.status, StatusCode::SEE_OTHER);
    let mut c = Browser::new(&app, "en");
    assert_eq!(c.login("ana@example.org", PASSWORD).await.status, StatusCode::FORBIDDEN);
    assert_eq!(c.login("ana@example.org", "a brand new secret").await.status, StatusCode::SEE_OTHER);

    // The link is used up.
    let mut d = Browser::new(&app, "cs");
    let a = d.get(&link).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert!(a.text.contains("Tento odkaz nebo kód neplatí"));
    d.get("/account/reset").await;
    let pre = d.cookies.get("fp_csrf").cloned().unwrap();
    assert_eq!(
        d.post(&link, &[("csrf", &pre), ("password", "yet another one")]).await.status,
        StatusCode::FORBIDDEN
    );

    // A reset link expires after an hour.
    app.clock.advance(1_000);
    b.submit("/account/reset", "/account/reset", &[("email", "ana@example.org")]).await;
    let link2 = link_in(
        &app.mail_to("ana@example.org", "account-reset").await.body_text,
        "http://feldpost.test/account/reset/",
    );
    assert_ne!(link, link2);
    let html = b.get(&link2).await.text;
    let token = csrf_of(&html, &link2).unwrap();
    app.clock.advance(feldpost::accounts::RESET_MS + 1);
    let a = b.post(&link2, &[("csrf", &token), ("password", "too late for this")]).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert_eq!(c.login("ana@example.org", "too late for this").await.status, StatusCode::FORBIDDEN);
}

/// A database that is away answers the account pages as it answers every page: 503 with
/// Retry-After, in the page's language, and nothing is done; the session of the page looked up
/// too, and a login shown again as it was filled in.
#[tokio::test]
async fn a_database_that_is_away_is_503_on_the_account_pages_in_their_language() {
    let app = TestApp::spawn().await;
    let mut ana = Browser::new(&app, "cs");
    ana.register("ana@example.org").await;
    let mut bo = Browser::new(&app, "ru");
    let store = &app.log.store;
    store.execute_raw("ALTER TABLE sessions RENAME TO sessions_elsewhere").await.unwrap();
    let a = ana.get("/account").await;
    assert_eq!(a.status, StatusCode::SERVICE_UNAVAILABLE, "{}", a.text);
    assert_eq!(a.header("retry-after"), Some("5"));
    assert!(a.text.contains("Databáze je teď nedostupná"), "in Czech: {}", a.text);
    assert!(a.text.contains("href=\"/account/login\""), "the ways on: {}", a.text);
    let a = bo.login("ana@example.org", PASSWORD).await;
    assert_eq!(a.status, StatusCode::SERVICE_UNAVAILABLE, "{}", a.text);
    assert_eq!(a.header("retry-after"), Some("5"));
    assert!(a.text.contains("База данных сейчас недоступна"), "in Russian: {}", a.text);
    assert!(a.text.contains("value=\"ana@example.org\""), "the login form again: {}", a.text);
    assert!(bo.session().is_none());
    store.execute_raw("ALTER TABLE sessions_elsewhere RENAME TO sessions").await.unwrap();
    assert_eq!(ana.get("/account").await.status, StatusCode::OK, "still logged in");
    assert_eq!(bo.login("ana@example.org", PASSWORD).await.status, StatusCode::SEE_OTHER);
}

/// A game of Na zajatce for Ana and Bo, played by their links alone (no addresses: nothing
/// fills "My games" by itself), and the seat that must act.
async fn game(app: &TestApp, title: &str) -> (TestGame, usize) {
    let unmailed = json!([{"name": "Ana", "email": ""}, {"name": "Bo", "email": ""}]);
    let g = app.create_game(json!({"ruleset": "zajatce", "title": title, "players": unmailed})).await;
    let to_act = app.seat_to_act(&g.id).await;
    (g, to_act)
}

#[tokio::test]
async fn attaching_seats_and_my_games_waiting_on_me_first() {
    let app = TestApp::spawn().await;
    let (g1, act1) = game(&app, "Alpha").await;
    let (g2, act2) = game(&app, "Beta").await;
    let (g3, act3) = game(&app, "Gamma").await;
    let (t1, t2, t3) = (&g1.tokens, &g2.tokens, &g3.tokens);
    let mut ana = Browser::new(&app, "en");

    // Not logged in: the game page offers to log in, and attaching sends to the login page.
    let page = ana.get(&format!("/play/{}", t1[0])).await;
    assert!(page.text.contains("Log in to add this game to My games"), "{}", page.text);
    let a = ana.post(&format!("/play/{}/attach", t1[0]), &[]).await;
    assert_eq!(
        (a.status, a.location.clone()),
        (StatusCode::SEE_OTHER, format!("/account/login?next=/play/{}", t1[0]))
    );

    ana.register("ana@example.org").await;
    let empty = ana.get("/account").await.text;
    assert!(empty.contains("No game is waiting on you."), "{empty}");
    // In Alpha and Beta Ana takes a seat that is not to act; in Gamma the one that is.
    let seat_waiting = |act: usize| 1 - act;
    let mine = [(t1, seat_waiting(act1)), (t2, seat_waiting(act2)), (t3, act3)];
    for (tokens, seat) in mine {
        let play = format!("/play/{}", tokens[seat]);
        let attach = format!("{play}/attach");
        // Without the session's token: refused.
        assert_eq!(ana.post(&attach, &[]).await.status, StatusCode::FORBIDDEN);
        let a = ana.submit(&play, &attach, &[]).await;
        assert_eq!((a.status, a.location.as_str()), (StatusCode::SEE_OTHER, play.as_str()), "{}", a.text);
        let page = ana.get(&play).await.text;
        assert!(page.contains("This seat is in your My games."), "{page}");
    }
    let list = ana.get("/account").await.text;
    let pos =
        |t: &str| list.find(&format!("><bdi>{t}</bdi></a>")).unwrap_or_else(|| panic!("{t} missing: {list}"));
    assert!(
        pos("Gamma") < pos("Alpha") && pos("Alpha") < pos("Beta"),
        "waiting on me first, then the others by title: {list}"
    );
    let waiting_section = &list[list.find("Waiting on me").unwrap()..list.find("My other games").unwrap()];
    assert!(waiting_section.contains("Gamma") && !waiting_section.contains("Alpha"), "{waiting_section}");
    assert!(list.contains(&format!("href=\"/play/{}\"", t3[act3])));

    // Bo's turn in Alpha moves on: once Bo has acted (a throw may leave him a move to make),
    // Alpha waits on Ana and comes first.
    for _ in 0..10 {
        if app.seat_to_act(&g1.id).await != act1 {
            break;
        }
        app.play_first_legal(&g1).await;
    }
    assert_eq!(app.seat_to_act(&g1.id).await, seat_waiting(act1), "Bo's turn in Alpha ended");
    let list = ana.get("/account").await.text;
    let waiting_section = &list[list.find("Waiting on me").unwrap()..list.find("My other games").unwrap()];
    assert!(waiting_section.contains("Alpha") && waiting_section.contains("Gamma"), "{waiting_section}");

    // Someone else cannot take Ana's seat; attaching it again is harmless.
    let mut bo = Browser::new(&app, "cs");
    bo.register("bo@example.org").await;
    let ana_seat = format!("/play/{}", t3[act3]);
    let page = bo.get(&ana_seat).await.text;
    assert!(page.contains("Přidat do Mých her"), "{page}");
    let a = bo.submit(&ana_seat, &format!("{ana_seat}/attach"), &[]).await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    assert!(a.text.contains("Toto místo už patří k jinému účtu"), "{}", a.text);
    assert!(bo.get("/account").await.text.contains("Žádná hra na vás nečeká"));
    // Ana attaching her seat again changes nothing; a link that is no seat's is not found.
    let html = ana.get("/account").await.text;
    let csrf = csrf_of(&html, "/account/logout").unwrap();
    let a = ana.post(&format!("{ana_seat}/attach"), &[("csrf", &csrf)]).await;
    assert_eq!((a.status, a.location.as_str()), (StatusCode::SEE_OTHER, ana_seat.as_str()));
    assert_eq!(
        app.log
            .store
            .attached_seats(&app.log.store.account_by_email("ana@example.org").await.unwrap().unwrap().id)
            .await
            .unwrap()
            .len(),
        3
    );
    let a = ana.post("/play/0123456789abcdef0123456789abcdef/attach", &[("csrf", &csrf)]).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

/// Migration 4 rebuilds the outbox on SQLite (game_id may be NULL for account mail): every
/// column is kept, mail that was waiting before the upgrade is still there, and the
/// one-mail-per-(game, seq, recipient, kind) rule still holds.
#[tokio::test]
async fn the_accounts_migration_keeps_waiting_mail() {
    use feldpost::store::{Backend, MIGRATIONS, Store};
    let store = Store::connect(&crate::harness::fresh_url().await).await.unwrap();
    store.execute_raw("CREATE TABLE feldpost_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)").await.unwrap();
    for m in MIGRATIONS.iter().filter(|m| m.version < 4) {
        store
            .execute_raw(if store.backend() == Backend::Sqlite { m.sqlite } else { m.postgres })
            .await
            .unwrap();
        store
            .execute_raw(&format!("INSERT INTO feldpost_migrations VALUES ({}, '{}', 0)", m.version, m.name))
            .await
            .unwrap();
    }
    store
        .execute_raw("INSERT INTO games (id, ruleset, title, options, seat_count, seed, commitment, host_salt, lang, created_at, last_seq) VALUES ('g1', 'zajatce', 'Old', '{}', 2, 's', 'c', 'h', 'en', 1, 1)")
        .await
        .unwrap();
    store
        .execute_raw("INSERT INTO outbox (id, game_id, seq, recipient, kind, subject, body_text, created_at, status, attempts, next_attempt_at) VALUES ('m1', 'g1', 1, 'ana@example.org', 'turn', 'Your turn', 'Body', 5, 'pending', 0, 5)")
        .await
        .unwrap();
    let columns = store.columns_of("outbox").await.unwrap();
    assert!(columns.contains(&"game_id".to_owned()), "{columns:?}");
    store.migrate().await.unwrap();
    // Whatever the migrations before 4 gave the outbox (0003 may add columns), 4 keeps it all;
    // later migrations only add (6: each mail's receipt).
    let mut expected = columns.clone();
    expected.push("chain_head".to_owned());
    // 8: each mail's thread and reply tag.
    expected.push("thread".to_owned());
    expected.push("reply_to".to_owned());
    expected.sort();
    assert_eq!(store.columns_of("outbox").await.unwrap(), expected);
    let due = store.outbox_due(10, 10).await.unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(
        (due[0].id.as_str(), due[0].game_id.as_str(), due[0].subject.as_str()),
        ("m1", "g1", "Your turn")
    );
    let again = store
        .execute_raw("INSERT INTO outbox (id, game_id, seq, recipient, kind, subject, body_text, created_at, status, attempts, next_attempt_at) VALUES ('m2', 'g1', 1, 'ana@example.org', 'turn', 'x', 'x', 5, 'pending', 0, 5)")
        .await;
    assert!(again.is_err(), "the unique rule survived the rebuild");
    store.close().await;
}

/// "My games" lists fifty games a page, in one query, with plain links between the pages
/// (how fast with 10,000 games is for `examples/load.rs -- mygames`).
#[tokio::test]
async fn my_games_pages_through_many_games_waiting_on_me_first() {
    let app = TestApp::spawn().await;
    let mut waiting = Vec::new();
    let mut seats = Vec::new();
    for i in 0..55 {
        let (g, to_act) = game(&app, &format!("Game {i:02}")).await;
        // Every fifth game waits on Ana's seat; the rest on the other player.
        let seat = if i % 5 == 0 { to_act } else { 1 - to_act };
        if i % 5 == 0 {
            waiting.push(format!("Game {i:02}"));
        }
        seats.push((g.id, seat));
        // Past the limits on games made by one host.
        app.clock.advance(feldpost::clock::DAY_MS);
    }
    let mut ana = Browser::new(&app, "en");
    ana.register("ana@example.org").await;
    let account = app.log.store.account_by_email("ana@example.org").await.unwrap().unwrap();
    for (game, seat) in &seats {
        app.log.store.seat_attach(&account.id, game, *seat as i64, T0).await.unwrap();
    }
    let first = ana.get("/account").await.text;
    let titles = |page: &str| -> Vec<String> {
        page.split("<li><a href=\"/play/")
            .skip(1)
            .map(|li| li.split("<bdi>").nth(1).unwrap().split('<').next().unwrap().to_owned())
            .collect()
    };
    let on_first = titles(&first);
    assert_eq!(on_first.len(), 50, "{first}");
    assert_eq!(on_first[..waiting.len()], waiting[..], "the games waiting on Ana come first");
    assert!(first.contains("class=\"page-later\" href=\"/account?page=2\""), "{first}");
    assert!(!first.contains("page-earlier"));
    let second = ana.get("/account?page=2").await.text;
    let on_second = titles(&second);
    assert_eq!(on_second.len(), 5, "{second}");
    assert!(second.contains("class=\"page-earlier\" href=\"/account?page=1\""), "{second}");
    assert!(!second.contains("page-later"));
    let mut all: Vec<String> = on_first.into_iter().chain(on_second).collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 55, "each game once");
}

/// The line of "My games" that names `title`, as the page writes it.
fn line_of<'a>(list: &'a str, title: &str) -> &'a str {
    let at =
        list.find(&format!("><bdi>{title}</bdi></a>")).unwrap_or_else(|| panic!("{title} missing: {list}"));
    let start = list[..at].rfind("<li>").unwrap();
    &list[start..start + list[start..].find("</li>").unwrap()]
}

/// The titles "My games" lists, in its order.
fn titles_in(list: &str) -> Vec<String> {
    list.split("<li><a href=\"")
        .skip(1)
        .map(|li| li.split("<bdi>").nth(1).unwrap().split('<').next().unwrap().to_owned())
        .collect()
}

/// "My games" fills itself: once the owner has proved the account's address, every seat and
/// every hosted game of that address is listed (however the address was written), each once
/// beside the seats attached by hand, waiting-on-me first; before that, only what was
/// attached. A seat handed to another address leaves the list. Each line says when its game
/// last moved and, with a deadline, by when those asked must act.
#[tokio::test]
async fn my_games_fills_itself_from_a_proved_address() {
    use feldpost::clock::{DAY_MS, HOUR_MS, format_utc};
    let app = TestApp::spawn().await;
    // Alpha: Ana's seat 0 by her address, 72 hours to act.
    let alpha = app
        .create_game(json!({"ruleset": "zajatce", "title": "Alpha", "players": players(&["Ana", "Bo"]), "deadline": {"hours": 72}}))
        .await;
    let alpha_at = app.log.now();
    app.clock.advance(DAY_MS);
    // Beta: her address written otherwise.
    let both =
        json!([{"name": "Ana", "email": "ANA@Example.org"}, {"name": "Bo", "email": "bo@example.org"}]);
    let beta = app.create_game(json!({"ruleset": "zajatce", "title": "Beta", "players": both})).await;
    let beta_at = app.log.now();
    app.clock.advance(DAY_MS);
    // Gamma: hosted by Ana, played by others.
    let gamma = app
        .create_game(json!({"ruleset": "zajatce", "title": "Gamma", "host_email": "ana@example.org", "players": players(&["Cyril", "Dana"])}))
        .await;
    app.clock.advance(DAY_MS);
    // Omega: nobody's address (Ana attaches the seat it waits on by hand: it is listed before
    // Gamma, which waits on no host); Epsilon: not Ana's at all.
    let unmailed = json!([{"name": "Eva", "email": ""}, {"name": "Fik", "email": ""}]);
    let omega = app.create_game(json!({"ruleset": "zajatce", "title": "Omega", "players": unmailed})).await;
    app.clock.advance(DAY_MS);
    app.create_game(json!({"ruleset": "zajatce", "title": "Epsilon", "players": players(&["Bo", "Cyril"])}))
        .await;

    // An account whose address is not proved (made in the store: every way in through the
    // pages proves it, but a password alone does not): only what it attaches.
    let hash = feldpost::accounts::password::hash(PASSWORD.to_owned()).await.unwrap();
    let account = feldpost::store::AccountRow {
        id: "ana-account".into(),
        email: "ana@example.org".into(),
        password_hash: Some(hash),
        lang: feldpost::i18n::Lang::En,
        created_at: app.log.now(),
        confirmed_at: None,
    };
    assert!(app.log.store.account_create(&account).await.unwrap());
    let mut ana = Browser::new(&app, "en");
    assert_eq!(ana.login("ana@example.org", PASSWORD).await.status, StatusCode::SEE_OTHER);
    let omega_seat = app.seat_to_act(&omega.id).await;
    for play in [format!("/play/{}", alpha.tokens[0]), format!("/play/{}", omega.tokens[omega_seat])] {
        let a = ana.submit(&play, &format!("{play}/attach"), &[]).await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text);
    }
    let list = ana.get("/account").await.text;
    let mut listed = titles_in(&list);
    listed.sort();
    assert_eq!(listed, ["Alpha", "Omega"], "not proved: the attached seats alone: {list}");

    // Ana proves the address with a mailed link: everything of the address, each once.
    ana.submit("/account/login", "/account/login/link", &[("email", "ana@example.org")]).await;
    let link = link_in(
        &app.mail_to("ana@example.org", "account-login").await.body_text,
        "http://feldpost.test/account/link/",
    );
    assert_eq!(ana.submit(&link, &link, &[]).await.status, StatusCode::SEE_OTHER);
    let list = ana.get("/account").await.text;
    let mut waiting: Vec<&str> = vec!["Omega"];
    let mut others: Vec<&str> = vec!["Gamma"];
    for (g, title) in [(&alpha, "Alpha"), (&beta, "Beta")] {
        if app.seat_to_act(&g.id).await == 0 { waiting.push(title) } else { others.push(title) }
    }
    waiting.sort();
    others.sort();
    let expected: Vec<&str> = waiting.iter().chain(others.iter()).copied().collect();
    assert_eq!(titles_in(&list), expected, "each once, waiting on Ana first, then by title: {list}");
    let section = &list[list.find("Waiting on me").unwrap()..list.find("My other games").unwrap()];
    for title in &waiting {
        assert!(section.contains(&format!("<bdi>{title}</bdi>")), "{title} waits on Ana: {section}");
    }
    // The seats lead to their pages, the hosted game to its host page.
    assert!(line_of(&list, "Beta").contains(&format!("href=\"/play/{}\"", beta.tokens[0])));
    let hosted = line_of(&list, "Gamma");
    assert!(hosted.contains(&format!("href=\"{}\"", gamma.host_path)), "{hosted}");
    assert!(hosted.contains("you are the host"), "{hosted}");
    // When each moved, and Alpha's deadline, in UTC for the page's script.
    let alpha_line = line_of(&list, "Alpha");
    assert!(alpha_line.contains(&format!("last move {}", format_utc(alpha_at))), "{alpha_line}");
    assert!(
        alpha_line.contains(&format!("deadline {}", format_utc(alpha_at + 72 * HOUR_MS))),
        "{alpha_line}"
    );
    let beta_line = line_of(&list, "Beta");
    assert!(beta_line.contains(&format!("last move {}", format_utc(beta_at))), "{beta_line}");
    assert!(!beta_line.contains("deadline"), "Beta has none: {beta_line}");

    // A move in Alpha: its time and deadline move with it.
    app.clock.advance(HOUR_MS);
    let moved_at = app.log.now();
    app.play_first_legal(&alpha).await;
    let list = ana.get("/account").await.text;
    let alpha_line = line_of(&list, "Alpha");
    assert!(alpha_line.contains(&format!("last move {}", format_utc(moved_at))), "{alpha_line}");
    assert!(
        alpha_line.contains(&format!("deadline {}", format_utc(moved_at + 72 * HOUR_MS))),
        "{alpha_line}"
    );

    // Ana's seat of Beta handed to someone else: it leaves her list; the rest stays.
    let loaded = app.log.load(&beta.id).await.unwrap();
    feldpost::play::seats::replace_player(&app.log, loaded, 0, "Zora", "zora@example.org").await.unwrap();
    let list = ana.get("/account").await.text;
    let mut listed = titles_in(&list);
    listed.sort();
    assert_eq!(listed, ["Alpha", "Gamma", "Omega"], "{list}");

    // In Czech and Russian the same lines, their times as the page's script reads them.
    for (lang, moved, host) in
        [("cs", "poslední tah", "tuto hru pořádáte"), ("ru", "последний ход", "вы организатор")]
    {
        let mut b = Browser::new(&app, lang);
        b.cookies = ana.cookies.clone();
        let list = b.get("/account").await.text;
        assert!(line_of(&list, "Alpha").contains(&format!("{moved} {}", format_utc(moved_at))), "{list}");
        assert!(line_of(&list, "Gamma").contains(host), "{list}");
    }
}

/// Migration 17 fills "My games" for what was there before it: a line for each seat and each
/// host (the address lower-cased, the attached account kept, the seat waited on first), each
/// game's newest record's time, and the deadline of a game that has one and waits on someone;
/// an account with a password (set only through a mailed link) counts as proved.
#[tokio::test]
async fn the_my_games_migration_fills_the_games_from_before_it() {
    use feldpost::store::{Backend, MIGRATIONS, Store};
    let store = Store::connect(&crate::harness::fresh_url().await).await.unwrap();
    store.execute_raw("CREATE TABLE feldpost_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)").await.unwrap();
    for m in MIGRATIONS.iter().filter(|m| m.version < 17) {
        store
            .execute_raw(if store.backend() == Backend::Sqlite { m.sqlite } else { m.postgres })
            .await
            .unwrap();
        store
            .execute_raw(&format!("INSERT INTO feldpost_migrations VALUES ({}, '{}', 0)", m.version, m.name))
            .await
            .unwrap();
    }
    for sql in [
        "INSERT INTO games (id, ruleset, title, options, seat_count, seed, commitment, host_salt, lang, created_at, last_seq, to_act) VALUES ('g1', 'zajatce', 'Old', '{}', 2, 's', 'c', 'h', 'en', 1000, 2, ',1,')",
        "INSERT INTO seats (game_id, seat, name, email, token_salt, token_hash) VALUES ('g1', 0, 'Ana', 'Ana@Example.org', 's0', 't0'), ('g1', 1, 'Bo', 'bo@example.org', 's1', 't1')",
        "INSERT INTO events (game_id, seq, body, prev_hash, hash) VALUES ('g1', 1, '{\"at\":1000,\"cause\":{\"type\":\"created\"},\"events\":[],\"seq\":1}', '', 'h1'), ('g1', 2, '{\"at\":5000,\"cause\":{\"type\":\"action\",\"seat\":0},\"events\":[],\"seq\":2}', 'h1', 'h2')",
        "INSERT INTO game_clock (game_id, turn_ms, remind_before_ms, policy, absence_budget_ms, pause_max_ms, host_email) VALUES ('g1', 60000, 1000, 'remind', 0, 1000, 'Host@example.org')",
        "INSERT INTO game_hosts (game_id, email, confirm_hash, confirmed_at) VALUES ('g1', 'Host@example.org', NULL, 1000)",
        "INSERT INTO accounts (id, email, password_hash, lang, created_at) VALUES ('a1', 'bo@example.org', 'phc', 'en', 1), ('a2', 'cyril@example.org', NULL, 'en', 2)",
        "INSERT INTO account_seats (game_id, seat, account_id, attached_at) VALUES ('g1', 0, 'a2', 3)",
    ] {
        store.execute_raw(sql).await.unwrap();
    }
    store.migrate().await.unwrap();
    let seats = |account: &str, address: Option<&str>| {
        let store = store.clone();
        let (account, address) = (account.to_owned(), address.map(str::to_owned));
        async move {
            store
                .my_games_page(&account, address.as_deref(), 0, 50)
                .await
                .unwrap()
                .into_iter()
                .map(|r| (r.seat, r.waiting_on_me, r.moved_at, r.due_at))
                .collect::<Vec<_>>()
        }
    };
    // Bo's seat by his address: waited on, moved at 5000, due a minute later.
    assert_eq!(seats("a1", Some("bo@example.org")).await, [(Some(1), true, Some(5000), Some(65_000))]);
    // Ana's by hers, whatever its case; Cyril's account holds it by hand.
    assert_eq!(seats("nobody", Some("ana@example.org")).await, [(Some(0), false, Some(5000), Some(65_000))]);
    assert_eq!(seats("a2", None).await, [(Some(0), false, Some(5000), Some(65_000))]);
    // The host's line.
    assert_eq!(seats("nobody", Some("host@example.org")).await, [(None, false, Some(5000), Some(65_000))]);
    let bo = store.account_by_id("a1").await.unwrap().unwrap();
    let cyril = store.account_by_id("a2").await.unwrap().unwrap();
    assert_eq!((bo.confirmed_at, cyril.confirmed_at), (Some(1), None));
    store.close().await;
}
