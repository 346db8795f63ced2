//! A training run's loss curve, written as an SVG chart under `target/plots/`.

use catad_charts::LineChart;
use std::path::PathBuf;

/// Writes `losses` (step, loss) of `example` trained in `mode` to
/// `target/plots/{example}-{mode}.svg`, the loss on a logarithmic axis; returns the path.
pub fn write(example: &str, mode: &str, losses: &[(f64, f64)]) -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/plots");
    std::fs::create_dir_all(&folder).expect("creating target/plots");
    let path = folder.join(format!("{example}-{mode}.svg"));
    let chart = LineChart::new(&format!("{example}: training loss ({mode} mode)"))
        .labels("step", "loss")
        .log_y()
        .series(mode, losses);
    std::fs::write(&path, chart.to_svg()).expect("writing the loss plot");
    path
}
