//! Time, injectable: the server reads the system clock; tests move a manual one by hand, so
//! deadlines and retries are tested without sleeping.
//!
//! The server's time never runs backwards. The wall clock can be stepped (by NTP, by an
//! operator, after a suspend), and every "wait until" the server keeps (deadlines, reminders,
//! pause ends, digests, rate-limit windows) and the order of its records hang on it: a step back
//! would hold all of them up by the length of the step and stamp new records before older ones.
//! So [`SystemClock`] holds the wall clock to the pace of the monotonic clock ([`Steady`]): a
//! step forward is taken at once, a step back is not taken at all (time goes on at the
//! monotonic pace until the wall clock catches up), and the server starts no earlier than the
//! newest time its database holds ([`SystemClock::not_before`]).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

pub const HOUR_MS: i64 = 3_600_000;
pub const DAY_MS: i64 = 24 * HOUR_MS;

/// A step back of the wall clock longer than this is logged (shorter ones are the jitter of
/// reading two clocks).
const STEP_LOGGED_MS: i64 = 1_000;

pub trait Clock: Send + Sync {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> i64;
}

/// The wall clock held to the pace of a monotonic one: pure, fed one reading of each clock at a
/// time (wall: ms since the epoch; monotonic: ms since any fixed origin), so that its steps can
/// be tested without stepping a clock.
///
/// It keeps the time it last gave and the monotonic reading then (its anchor). Now is the later
/// of the wall clock and the anchor moved on by the monotonic time since: a wall clock ahead of
/// that is followed at once (a step forward, or just the wall clock as it goes), one behind it
/// is not (a step back: time goes on at the monotonic pace until the wall clock catches up).
/// Either way it never gives a time earlier than one it gave before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Steady {
    /// The time last given (ms since the epoch).
    at_ms: i64,
    /// The monotonic reading it was given at.
    mono_ms: i64,
}

impl Steady {
    /// Anchored at a first reading of both clocks, but no earlier than `floor_ms`.
    pub fn new(wall_ms: i64, mono_ms: i64, floor_ms: i64) -> Steady {
        Steady { at_ms: wall_ms.max(floor_ms), mono_ms }
    }

    /// The time now, from a reading of both clocks taken after the last one.
    pub fn now(&mut self, wall_ms: i64, mono_ms: i64) -> i64 {
        // A monotonic reading never goes back; if one were given out of order it counts as none.
        let paced = self.at_ms.saturating_add(mono_ms.saturating_sub(self.mono_ms).max(0));
        let now = wall_ms.max(paced);
        *self = Steady { at_ms: now, mono_ms: mono_ms.max(self.mono_ms) };
        now
    }

    /// From now on no earlier than `floor_ms`.
    pub fn raise_to(&mut self, floor_ms: i64) {
        self.at_ms = self.at_ms.max(floor_ms);
    }

    /// How far the time given last is ahead of `wall_ms` (0: the wall clock is followed).
    pub fn ahead_of(&self, wall_ms: i64) -> i64 {
        self.at_ms.saturating_sub(wall_ms).max(0)
    }
}

/// The system's clock as the server reads it: the wall clock held to the monotonic clock's pace
/// ([`Steady`]), one for the whole process (every `SystemClock` reads the same one).
pub struct SystemClock;

/// The process's one [`Steady`], and whether the wall clock is behind it now by more than
/// [`STEP_LOGGED_MS`] (a step back, logged once when it happens).
static SYSTEM: Mutex<Option<(Steady, bool)>> = Mutex::new(None);

/// The monotonic clock in ms since the first time this process read it.
fn mono_ms() -> i64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    i64::try_from(ORIGIN.get_or_init(Instant::now).elapsed().as_millis()).unwrap_or(i64::MAX)
}

impl SystemClock {
    /// The system clock, from now on no earlier than `floor_ms` (at start: the newest time the
    /// database holds, so that a restart after a step back does not go back either). Says so in
    /// the log when that is ahead of the wall clock.
    pub fn not_before(floor_ms: i64) -> SystemClock {
        let wall = now_ms_system();
        {
            let mut system = SYSTEM.lock().unwrap_or_else(|e| e.into_inner());
            let (steady, behind) =
                system.get_or_insert_with(|| (Steady::new(wall, mono_ms(), floor_ms), false));
            steady.raise_to(floor_ms);
            // Said below; not again at the first reading.
            *behind = steady.ahead_of(wall) > STEP_LOGGED_MS;
        }
        if floor_ms > wall + STEP_LOGGED_MS {
            tracing::warn!(
                "the database holds a time {} s ahead of this machine's clock: the server's time \
                 goes on from it at the monotonic clock's pace until the wall clock catches up",
                (floor_ms - wall) / 1000
            );
        }
        SystemClock
    }
}

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        let (now, stepped_back) = {
            let mut system = SYSTEM.lock().unwrap_or_else(|e| e.into_inner());
            // Both read under the lock: readings are fed in the order they were taken.
            let (wall, mono) = (now_ms_system(), mono_ms());
            let (steady, behind) = system.get_or_insert_with(|| (Steady::new(wall, mono, wall), false));
            let now = steady.now(wall, mono);
            let ahead = steady.ahead_of(wall);
            let newly = ahead > STEP_LOGGED_MS && !*behind;
            *behind = ahead > STEP_LOGGED_MS;
            (now, newly.then_some(ahead))
        };
        if let Some(ahead) = stepped_back {
            tracing::warn!(
                "the system clock stepped back by {} s: the server's time goes on at the monotonic \
                 clock's pace until the wall clock catches up",
                ahead / 1000
            );
        }
        now
    }
}

/// The wall clock as it is (a step back included): ms since the Unix epoch.
pub fn now_ms_system() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A clock that moves only when told to.
#[derive(Clone, Default)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn at(ms: i64) -> Self {
        ManualClock(Arc::new(AtomicI64::new(ms)))
    }
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// "2026-11-30 14:05 UTC"
pub fn format_utc(ms: i64) -> String {
    let fmt = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(&fmt).ok())
        .unwrap_or_default()
}

/// "2026-11-30" (UTC): the date the rules' clocks compare.
pub fn format_date(ms: i64) -> String {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(&fmt).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: i64 = 1_764_000_000_000;
    const S: i64 = 1_000;

    #[test]
    fn the_wall_clock_is_followed_as_it_goes() {
        let mut c = Steady::new(T, 50, T);
        for n in 1..=10 {
            assert_eq!(c.now(T + n * S, 50 + n * S), T + n * S);
        }
        assert_eq!(c.ahead_of(T + 10 * S), 0);
    }

    #[test]
    fn a_step_back_is_not_taken_and_time_goes_on_at_the_monotonic_pace() {
        let mut c = Steady::new(T, 0, T);
        assert_eq!(c.now(T + 60 * S, 60 * S), T + 60 * S);
        // The wall clock goes back a day: time goes on from where it was.
        let back = T + 60 * S - DAY_MS;
        assert_eq!(c.now(back, 61 * S), T + 61 * S);
        for n in 1..=120 {
            assert_eq!(c.now(back + n * S, 61 * S + n * S), T + 61 * S + n * S, "second {n}");
        }
        assert_eq!(c.ahead_of(back + 120 * S), DAY_MS + S);
        // Three hours back, then four more: still the monotonic pace, never a moment lost.
        let mut mono = 181 * S;
        let mut expect = T + 181 * S;
        assert_eq!(c.now(back - 3 * HOUR_MS, mono), expect);
        mono += S;
        expect += S;
        assert_eq!(c.now(back - 7 * HOUR_MS, mono), expect);
        // The wall clock set right again (ahead of the monotonic pace): followed at once.
        let right = expect + 10 * S;
        assert_eq!(c.now(right, mono + S), right);
        assert_eq!(c.now(right + S, mono + 2 * S), right + S);
    }

    #[test]
    fn a_step_forward_is_taken_once() {
        let mut c = Steady::new(T, 0, T);
        assert_eq!(c.now(T + S, S), T + S);
        // Two hours forward: taken at once, and the monotonic time of the same moment is not
        // added on top of it.
        let ahead = T + 2 * S + 2 * HOUR_MS;
        assert_eq!(c.now(ahead, 2 * S), ahead);
        assert_eq!(c.now(ahead, 2 * S), ahead, "read again at the same moment");
        assert_eq!(c.now(ahead + S, 3 * S), ahead + S);
        assert_eq!(c.now(ahead + 2 * S, 4 * S), ahead + 2 * S);
        assert_eq!(c.ahead_of(ahead + 2 * S), 0);
    }

    #[test]
    fn small_drift_between_the_clocks_never_runs_time_backwards() {
        // A wall clock a little slow against the monotonic one (1 ms in 1000), then a little
        // fast: time never goes back, follows the monotonic pace while the wall clock lags
        // (no further ahead than the drift), and the wall clock again once it leads.
        let mut c = Steady::new(T, 0, T);
        let mut last = c.now(T, 0);
        for n in 1..=1_000 {
            let mono = n * S;
            let wall = T + mono - n;
            let now = c.now(wall, mono);
            assert!(now >= last, "back at {n}: {now} < {last}");
            assert_eq!(now, T + mono, "the monotonic pace at {n}");
            assert!(now - wall <= n, "no further ahead than the drift");
            last = now;
        }
        let (wall0, mono0) = (T + 1_000 * S - 1_000, 1_000 * S);
        for n in 1..=3_000 {
            let mono = mono0 + n * S;
            let wall = wall0 + n * S + n;
            let now = c.now(wall, mono);
            assert!(now >= last, "back at {n}");
            assert_eq!(now, wall.max(T + mono), "the later of the two at {n}");
            last = now;
        }
        assert_eq!(c.ahead_of(wall0 + 3_000 * S + 3_000), 0, "the wall clock leads again");
        // Readings a millisecond apart either way (two clocks read one after the other).
        let mut c = Steady::new(T, 0, T);
        let mut last = T;
        for n in 1..=1_000i64 {
            let jitter = if n % 2 == 0 { 1 } else { -1 };
            let now = c.now(T + n * 10 + jitter, n * 10);
            assert!(now >= last && now <= T + n * 10 + 1, "{n}: {now}");
            last = now;
        }
    }

    #[test]
    fn it_starts_no_earlier_than_its_floor() {
        // The database holds a time an hour ahead of the wall clock (the wall clock stepped back
        // before a restart): time goes on from it.
        let floor = T + HOUR_MS;
        let mut c = Steady::new(T, 7, floor);
        assert_eq!(c.now(T, 7), floor);
        assert_eq!(c.now(T + S, 7 + S), floor + S);
        // A floor behind the wall clock changes nothing.
        let mut c = Steady::new(T, 0, T - DAY_MS);
        assert_eq!(c.now(T + S, S), T + S);
        c.raise_to(T - HOUR_MS);
        assert_eq!(c.now(T + 2 * S, 2 * S), T + 2 * S);
        c.raise_to(T + HOUR_MS);
        assert_eq!(c.now(T + 3 * S, 3 * S), T + HOUR_MS + S);
    }

    #[test]
    fn a_monotonic_reading_out_of_order_counts_as_none() {
        let mut c = Steady::new(T, 100, T);
        assert_eq!(c.now(T, 200), T + 100);
        assert_eq!(c.now(T, 150), T + 100);
        assert_eq!(c.now(T, 250), T + 150);
    }

    #[test]
    fn the_system_clock_never_goes_back() {
        let clock = SystemClock::not_before(0);
        let mut last = clock.now_ms();
        assert!((last - now_ms_system()).abs() < 60_000, "the system clock is read");
        for _ in 0..10_000 {
            let now = SystemClock.now_ms();
            assert!(now >= last);
            last = now;
        }
    }
}
