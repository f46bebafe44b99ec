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
