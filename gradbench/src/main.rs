//! `catad-gradbench`: catad as a GradBench tool, speaking the protocol on standard input and
//! output (see the library's `protocol` module).

use std::io;

fn main() -> io::Result<()> {
    // A panic inside an evaluation is answered as a failure carrying its message; the default
    // hook would also print it on standard error, between the harness's lines.
    std::panic::set_hook(Box::new(|_| {}));
    catad_gradbench::protocol::serve(io::stdin().lock(), io::stdout().lock())
}
