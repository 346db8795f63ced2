//! `catad-gradbench`: catad as a GradBench tool, speaking the protocol on standard input and
//! output (see the library's `protocol` module).

use std::io;

/// Keeps large vectors on glibc's heap and a pad of free memory at its top. catad's values are
/// fresh allocations, and by default glibc maps each block of more than 128 kB (at first) from the
/// system and gives the heap's top back whenever more than its trim threshold is free, then takes
/// it again — page by page, faulting — at the next large allocation: the ODE over 10⁵ coordinates
/// (800 kB vectors) spent four fifths of its time in page faults (4.4 s per solve, 0.8 s with
/// these settings). Setting the pad fixes the threshold of mapped blocks, so that is set too (to
/// 32 MiB, the largest glibc would reach by itself).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn pad_the_heap() {
    // SAFETY: mallopt only sets parameters of the allocator, before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TOP_PAD, 64 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn pad_the_heap() {}

fn main() -> io::Result<()> {
    pad_the_heap();
    // A panic inside an evaluation is answered as a failure carrying its message; the default
    // hook would also print it on standard error, between the harness's lines.
    std::panic::set_hook(Box::new(|_| {}));
    catad_gradbench::protocol::serve(io::stdin().lock(), io::stdout().lock())
}
