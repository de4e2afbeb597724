//! Rate limits for logins and account mail, per email and per IP address, with governor
//! (GCRA) over the application's injectable clock, so tests move time instead of sleeping.
//!
//! Limits live in memory: a restart forgets them, and several servers would each count alone.

use governor::clock::Clock as GovernorClock;
use governor::middleware::NoOpMiddleware;
use governor::nanos::Nanos;
use governor::state::keyed::HashMapStateStore;
use governor::{Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// The application's clock as governor sees it.
#[derive(Clone)]
pub struct AppClock(pub Arc<dyn Fn() -> i64 + Send + Sync>);

impl GovernorClock for AppClock {
    type Instant = Nanos;
    fn now(&self) -> Nanos {
        Nanos::from(u64::try_from((self.0)()).unwrap_or(0).saturating_mul(1_000_000))
    }
}

pub struct Limiter {
    inner: RateLimiter<String, HashMapStateStore<String>, AppClock, NoOpMiddleware<Nanos>>,
    clock: AppClock,
}

impl Limiter {
    /// `burst` attempts at once, then one more every `every`.
    pub fn new(burst: u32, every: Duration, clock: AppClock) -> Limiter {
        let quota = Quota::with_period(every)
            .expect("a period above zero")
            .allow_burst(NonZeroU32::new(burst.max(1)).expect("burst above zero"));
        Limiter { inner: RateLimiter::hashmap_with_clock(quota, clock.clone()), clock }
    }

    /// Count one attempt for `key`; refused with the time to wait when over the limit.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        if self.inner.len() > 100_000 {
            self.inner.retain_recent();
        }
        self.inner
            .check_key(&key.to_owned())
            .map(|_| ())
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }
}

/// Every limit of the account pages.
pub struct Limits {
    /// Password and code attempts for one email: 5, then one per 3 minutes.
    pub login_email: Limiter,
    /// Password and code attempts and registrations from one IP address: 20, then one a minute.
    pub login_ip: Limiter,
    /// Login links and reset mails to one email: 3, then one per 10 minutes.
    pub mail_email: Limiter,
    /// Login links and reset mails asked for from one IP address: 10, then one per 5 minutes.
    pub mail_ip: Limiter,
}

impl Limits {
    pub fn new(clock: AppClock) -> Limits {
        let min = |m: u64| Duration::from_secs(60 * m);
        Limits {
            login_email: Limiter::new(5, min(3), clock.clone()),
            login_ip: Limiter::new(20, min(1), clock.clone()),
            mail_email: Limiter::new(3, min(10), clock.clone()),
            mail_ip: Limiter::new(10, min(5), clock),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicI64, Ordering};

    #[test]
    fn refuses_over_the_burst_and_recovers_with_time() {
        let t = Arc::new(AtomicI64::new(1_000_000));
        let t2 = t.clone();
        let limiter =
            Limiter::new(2, Duration::from_secs(60), AppClock(Arc::new(move || t2.load(Ordering::SeqCst))));
        assert!(limiter.check("a").is_ok());
        assert!(limiter.check("a").is_ok());
        let wait = limiter.check("a").unwrap_err();
        assert!(wait > Duration::ZERO && wait <= Duration::from_secs(60), "{wait:?}");
        assert!(limiter.check("b").is_ok(), "keys are counted apart");
        t.fetch_add(60_000, Ordering::SeqCst);
        assert!(limiter.check("a").is_ok());
        assert!(limiter.check("a").is_err());
    }
}
