fn main() {
    println!("LeaseDesk: the desktop app is not built yet. See README.md.");
}
