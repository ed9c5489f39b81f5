//! `--results FILE`: the run written out as the Markdown page `tests/hardware/RESULTS.md` is
//! committed as: date, device, driver and outcome in a table, then every line of the output,
//! unedited.

use crate::supervise::{Backend, Run};

/// `YYYY-MM-DD HH:MM UTC` for `secs` seconds after the Unix epoch.
pub fn utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (h, m) = (secs % 86_400 / 3600, secs % 3600 / 60);
    // Civil date from a day count (Howard Hinnant's `civil_from_days`), years of 400 in
    // eras starting on March 1st.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{d:02} {h:02}:{m:02} UTC")
}

/// The page for `run`, made by `command` at `date`.
pub fn markdown(run: &Run, backend: Backend, command: &str, date: &str) -> String {
    let (title, where_, driver) = match (backend, &run.device) {
        (Backend::Gpu, Some(d)) => (
            "Hardware check results",
            format!("{}, compute capability {}", d.name, d.capability),
            d.driver.clone(),
        ),
        (Backend::Gpu, None) => (
            "Hardware check results",
            "no device reported".to_string(),
            "unknown".to_string(),
        ),
        (Backend::Host, _) => (
            "Hardware check: host simulation (not a hardware result)",
            "host simulation of the PTX semantics; no GPU touched".to_string(),
            "none".to_string(),
        ),
    };
    let mut s = format!(
        "# {title}\n\nWritten by `hwcheck --results`; the output below is the run's, unedited.\n\n\
         | | |\n|---|---|\n\
         | date | {date} |\n\
         | device | {where_} |\n\
         | driver | {driver} |\n\
         | hwcheck | fraglayout-hwcheck {} |\n\
         | command | `{command}` |\n\
         | outcome | {} |\n\n\
         ## Output\n\n```text\n",
        env!("CARGO_PKG_VERSION"),
        run.outcome(),
    );
    for line in &run.log {
        s.push_str(line);
        s.push('\n');
    }
    s.push_str("```\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::supervise::{DeviceInfo, Verdict};

    #[test]
    fn utc_dates_match_known_instants() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        // 2000-02-29 (a leap day in a century leap year) 12:34.
        assert_eq!(utc(951_827_640), "2000-02-29 12:34 UTC");
        // 2026-11-30 00:05, 2100-03-01 (2100 is no leap year).
        assert_eq!(utc(1_795_997_100), "2026-11-30 00:05 UTC");
        assert_eq!(utc(4_107_542_400), "2100-03-01 00:00 UTC");
    }

    #[test]
    fn page_names_device_driver_and_outcome_and_keeps_every_line() {
        let run = Run {
            log: vec!["device: X".into(), "a: 0/4".into(), "b: 1/4".into()],
            device: Some(DeviceInfo {
                name: "NVIDIA H200".into(),
                capability: "9.0".into(),
                driver: "CUDA 13.0".into(),
            }),
            verdicts: vec![Verdict::Pass, Verdict::Fail],
            skipped: None,
        };
        let page = markdown(&run, Backend::Gpu, "./hwcheck", "2026-11-30 00:05 UTC");
        assert!(page.starts_with("# Hardware check results\n"), "{page}");
        for want in [
            "| date | 2026-11-30 00:05 UTC |",
            "| device | NVIDIA H200, compute capability 9.0 |",
            "| driver | CUDA 13.0 |",
            "| outcome | 1 of 2 instructions matched, 1 failed |",
            "```text\ndevice: X\na: 0/4\nb: 1/4\n```\n",
        ] {
            assert!(page.contains(want), "{want:?} missing from\n{page}");
        }
        let host = markdown(&run, Backend::Host, "./hwcheck --host-only", "d");
        assert!(host.contains("not a hardware result"), "{host}");
    }
}
