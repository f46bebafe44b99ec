//! On Windows targets: the icon, product name and version inside the .exe (Explorer, the
//! taskbar and the file's Properties show them).

fn main() {
    println!("cargo:rerun-if-changed=assets/icons/leasedesk.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon("assets/icons/leasedesk.ico")
        .set("ProductName", "LeaseDesk")
        .set(
            "FileDescription",
            "LeaseDesk: leads, residents and occupancy for senior-living communities",
        )
        .set("OriginalFilename", "leasedesk.exe")
        .set("LegalCopyright", "LeaseDesk contributors, MIT licence");
    if let Err(e) = resource.compile() {
        // Without windres (mingw) or rc.exe the program still builds, without its icon.
        println!("cargo:warning=the Windows icon and version were not embedded: {e}");
    }
}
