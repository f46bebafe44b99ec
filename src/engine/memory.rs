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

/// Caps glibc's malloc arenas at two. By default each thread that allocates may get its own
/// arena (up to eight per core), and what one thread frees stays in its arena for it alone: a
/// sync's tokio workers and the store's blocking threads each kept tens of MiB that no other
/// thread could reuse. Call first thing in `main`, before any thread starts.
pub fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes the allocator's tuning; called before other threads exist.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}
