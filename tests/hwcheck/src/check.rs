//! One hardware check: a generated kernel, its input buffers, and how to judge its output.

/// A generated PTX kernel.
pub struct Kernel {
    /// The `.entry` name.
    pub name: String,
    /// `.target`, e.g. `sm_80`.
    pub target: &'static str,
    /// The whole PTX module.
    pub ptx: String,
}

impl Kernel {
    /// The file name `--emit-ptx` writes: `{target}__{name}.ptx`.
    pub fn file_name(&self) -> String {
        format!("{}__{}.ptx", self.target, self.name)
    }

    /// The compute capability the kernel needs, e.g. `(8, 0)` for `sm_80`.
    pub fn capability(&self) -> (i32, i32) {
        let digits: String = self.target[3..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let n: i32 = digits.parse().expect("target number");
        (n / 10, n % 10)
    }
}

/// The outcome of one check.
#[derive(Default)]
pub struct Report {
    /// Elements that differ from the host result.
    pub mismatched: u64,
    /// Elements compared.
    pub total: u64,
    /// The largest absolute difference (infinite for NaN).
    pub worst: f64,
    /// Further findings (partial-tile check, diagnosis), each a short phrase.
    pub notes: Vec<String>,
    /// Whether a finding in `notes` is a failure.
    pub note_failed: bool,
    /// Whether a diagnostic kernel could not run (the device context may be unusable).
    pub device_error: bool,
    /// Why the check was not judged (a measurement the host simulation cannot make): neither
    /// a pass nor a failure.
    pub skipped: Option<String>,
}

impl Report {
    /// Counts one compared element.
    pub fn compare(&mut self, got: f64, want: f64, equal_bits: bool) {
        self.total += 1;
        if !equal_bits {
            self.mismatched += 1;
            let d = (got - want).abs();
            self.worst = if d.is_nan() {
                f64::INFINITY
            } else {
                self.worst.max(d)
            };
        }
    }

    /// `out` against `want` word for word, `note` first among the notes, then the first
    /// difference in words: `first(index, got, want)`.
    pub fn words(
        out: &[u32],
        want: &[u32],
        note: &str,
        first: impl Fn(usize, u32, u32) -> String,
    ) -> Report {
        let mut r = Report::default();
        let mut found = None;
        for (i, (&g, &w)) in out.iter().zip(want).enumerate() {
            r.compare(f64::from(g), f64::from(w), g == w);
            if g != w && found.is_none() {
                found = Some(first(i, g, w));
            }
        }
        r.notes.push(note.to_string());
        r.notes.extend(found);
        r
    }

    /// A check not judged, and why.
    pub fn skip(why: &str) -> Report {
        Report {
            skipped: Some(why.to_string()),
            ..Report::default()
        }
    }

    /// Whether everything matched (a skipped check did not).
    pub fn passed(&self) -> bool {
        self.mismatched == 0 && self.total > 0 && !self.note_failed && self.skipped.is_none()
    }

    /// `mismatched/total, worst abs diff X[; notes]`, or `SKIPPED (why)`.
    pub fn line(&self) -> String {
        if let Some(why) = &self.skipped {
            return format!("SKIPPED ({why})");
        }
        let mut s = format!(
            "{}/{}, worst abs diff {}",
            self.mismatched, self.total, self.worst
        );
        for n in &self.notes {
            s.push_str("; ");
            s.push_str(n);
        }
        s
    }
}

/// The simulation of a kernel on the host: input buffers to the output buffer.
pub type Simulate = Box<dyn Fn(&[Vec<u32>]) -> Vec<u32>>;
/// The judgement of an output buffer.
pub type Verify = Box<dyn Fn(&[u32]) -> Report>;

/// A kernel launch, one block of `threads` threads, with its inputs, and what to make of its
/// output.
pub struct Check {
    /// The line's name: the PTX instruction, or `convert FROM => TO`.
    pub name: String,
    /// The kernel.
    pub kernel: Kernel,
    /// Input buffers (32-bit words), the kernel's first parameters in order.
    pub inputs: Vec<Vec<u32>>,
    /// Words of the output buffer, the kernel's last parameter.
    pub out_words: usize,
    /// Threads in the one block.
    pub threads: u32,
    /// The instruction's PTX semantics, simulated on the host from an independent
    /// transcription of the ISA (for `--host-only`).
    pub simulate: Simulate,
    /// Compares an output buffer with the host result, through the generated code.
    pub verify: Verify,
    /// Variants run when this check fails on the GPU, to tell causes apart (each names the
    /// hypothesis it tests in its `name`).
    pub diagnose: Vec<Check>,
    /// Whether the host simulation passes this check: true for the checks proper; false for
    /// a variant built to pass only if the hardware reads something the other way round
    /// (the host test then proves it tells the two readings apart).
    pub simulation_passes: bool,
    /// Why the host simulation cannot judge this check at all (it measures the hardware, e.g.
    /// cycles): `--host-only` reports it `SKIPPED` with this reason, never as a pass. `None`
    /// for every check whose result the simulation computes.
    pub host_skip: Option<&'static str>,
    /// TMA tensor maps the device run encodes before the launch, each over one input buffer
    /// and written into another (`crate::gpu`); the host simulation does what the copies do
    /// from the inputs themselves.
    pub tensor_maps: Vec<TensorMap>,
}

/// A 2-D TMA tensor map (`cuTensorMapEncodeTiled`) over input buffer `source`, a row-major
/// tensor of `dims[1]` lines of `dims[0]` elements, written (128 bytes) into input buffer
/// `into` before the launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TensorMap {
    /// The input holding the global tensor.
    pub source: usize,
    /// The input the encoded map is copied into (at least 128 bytes).
    pub into: usize,
    /// Bytes of an element: 1, 2 or 4 (encoded as an unsigned integer type: the copies move
    /// bits).
    pub elem_bytes: u32,
    /// Elements along a line, lines.
    pub dims: [u64; 2],
    /// The box: elements along a line, lines.
    pub box_dim: [u32; 2],
    /// `CUtensorMapSwizzle`: 0 none, 1 32-byte, 2 64-byte, 3 128-byte.
    pub swizzle: u32,
}

impl Check {
    /// A check of one warp (32 threads) without diagnoses, which the host simulation passes:
    /// every check but `wgmma`'s.
    pub fn warp(
        name: String,
        kernel: Kernel,
        inputs: Vec<Vec<u32>>,
        out_words: usize,
        simulate: Simulate,
        verify: Verify,
    ) -> Check {
        Check {
            name,
            kernel,
            inputs,
            out_words,
            threads: 32,
            simulate,
            verify,
            diagnose: Vec::new(),
            simulation_passes: true,
            host_skip: None,
            tensor_maps: Vec::new(),
        }
    }
}

/// A check not built yet: its name, and how to build it. Building computes the inputs and
/// the host result (about 1.3 s for all of them in a debug build, most of it the `wgmma`
/// ones), so a run builds only the checks it runs: `--only mma.sync` none of the others, and a
/// fresh worker only those from where it goes on.
pub struct Planned {
    /// The name the built check has.
    pub name: String,
    build: Box<dyn Fn() -> Check>,
}

impl Planned {
    /// The check `name` that `build` builds.
    pub fn new(name: String, build: impl Fn() -> Check + 'static) -> Planned {
        Planned {
            name,
            build: Box::new(build),
        }
    }

    /// Builds the check. Panics if it comes out under another name than the planned one.
    pub fn build(&self) -> Check {
        let check = (self.build)();
        assert_eq!(check.name, self.name, "a check built under another name");
        check
    }
}

/// A name usable as a PTX identifier.
pub fn ident(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> Check {
        let kernel = Kernel {
            name: "k".into(),
            target: "sm_80",
            ptx: String::new(),
        };
        let simulate: Simulate = Box::new(|_| Vec::new());
        let verify: Verify = Box::new(|_| Report::default());
        Check::warp(name.into(), kernel, Vec::new(), 0, simulate, verify)
    }

    #[test]
    fn a_planned_check_is_built_only_when_asked_and_under_its_name() {
        let built = std::rc::Rc::new(std::cell::Cell::new(0));
        let count = built.clone();
        let p = Planned::new("mma.x".into(), move || {
            count.set(count.get() + 1);
            named("mma.x")
        });
        assert_eq!(built.get(), 0, "planning builds nothing");
        assert_eq!(p.build().name, "mma.x");
        assert_eq!(built.get(), 1);
        let wrong = Planned::new("mma.x".into(), || named("mma.y"));
        let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| wrong.build()));
        assert!(e.is_err(), "a check built under another name is refused");
    }
}
