//! Giving memory back after big work (a sync decodes pages of cases and the lists): glibc keeps
//! what was freed in its per-thread arenas, so a long-running app's resident size would creep
//! up sync after sync although nothing is held.

/// Returns freed heap memory to the system where the allocator keeps it (glibc); elsewhere
/// nothing to do.
pub fn give_back_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases memory that is free; it takes no pointer.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Gives freed memory back every `period`, for as long as the process runs. Start-up frees
/// in many places the engine does not see (the renderer compiling its shaders, egui dropping
/// its first layouts, the embedded sandbox's seed), and glibc keeps all of it resident: 19 MiB
/// of the demo portal's 190 were free but held 30 s after start.
pub fn give_back_every(period: std::time::Duration) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let started = std::thread::Builder::new()
            .name("give-back".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(period);
                    give_back_freed();
                }
            });
        if let Err(e) = started {
            tracing::warn!(error = %e, "freed memory will be given back after syncs only");
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = period;
}

/// Bytes the heap holds in use (glibc's count, for the logs); 0 where it is not known.
pub fn heap_in_use() -> usize {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallinfo2 only reads the allocator's counters.
        let info = unsafe { libc::mallinfo2() };
        info.uordblks.saturating_add(info.hblkhd)
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    0
}

/// Caps glibc's malloc arenas at two, and fixes when freed memory goes back to the system.
///
/// Arenas: by default each thread that allocates may get its own arena (up to eight per core),
/// and what one thread frees stays in its arena for it alone: a sync's tokio workers and the
/// store's blocking threads each kept tens of MiB that no other thread could reuse.
///
/// Thresholds: glibc raises its trim and mmap thresholds to the size of the largest block freed
/// (a window-sized image, 4.6 MB, makes them 4.6 and 9.2 MB), and `malloc_trim` never shrinks
/// the top of a thread's arena, so up to that much freed memory stayed resident there for
/// good: 13 MiB of the second arena's 20 were free 30 s after start on the demo portal. Fixed
/// at 1 MiB each (glibc starts at 128 KiB): blocks of a MiB and more are mapped on their own
/// and returned when freed, and an arena's free top is returned beyond a MiB.
///
/// Call first thing in `main`, before any thread starts.
pub fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes the allocator's tuning; called before other threads exist.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_TRIM_THRESHOLD, RETURN_BEYOND);
        libc::mallopt(libc::M_MMAP_THRESHOLD, RETURN_BEYOND);
    }
}

/// Freed memory beyond this goes back to the system (see [`limit_arenas`]).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const RETURN_BEYOND: libc::c_int = 1024 * 1024;

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;

    /// glibc marks a block it mapped on its own in the size word before it (bit 1).
    fn mapped_on_its_own(block: *mut libc::c_void) -> bool {
        // SAFETY: `block` came from malloc; the word before it is glibc's size field.
        unsafe { *(block as *const usize).sub(1) & 2 != 0 }
    }

    /// The allocator's state is the whole process's: blocks the other tests (run on threads
    /// beside this one) allocated and freed before the thresholds were fixed can serve a big
    /// request from a heap. So the check runs alone, in a child process of this test binary.
    #[test]
    fn a_freed_big_block_does_not_raise_the_threshold_so_the_next_big_one_is_returned_when_freed() {
        const CHILD: &str = "LEASEDESK_MEMORY_TEST_CHILD";
        if std::env::var_os(CHILD).is_some() {
            return check_thresholds();
        }
        let name = "memory::tests::a_freed_big_block_does_not_raise_the_threshold_so_the_next_big_one_is_returned_when_freed";
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", name, "--test-threads", "1"])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.contains("1 passed"),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn check_thresholds() {
        limit_arenas();
        // SAFETY: plain malloc and free of blocks this test owns.
        unsafe {
            // glibc's default would now keep blocks up to 8 MiB in its heaps.
            let big = libc::malloc(8 << 20);
            assert!(!big.is_null());
            libc::free(big);
            let two = libc::malloc(2 << 20);
            assert!(!two.is_null());
            assert!(mapped_on_its_own(two), "a 2 MiB block came from a heap");
            libc::free(two);
            let small = libc::malloc(64 << 10);
            assert!(!small.is_null());
            assert!(!mapped_on_its_own(small), "a 64 KiB block was mapped");
            libc::free(small);
        }
    }
}
