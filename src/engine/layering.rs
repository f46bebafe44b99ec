//! The engine stands below the window: nothing in it may name egui or the `ui` module; and the
//! window asks the engine, composing no service call itself.

use std::path::Path;

use crate::layering::lines_naming;

#[test]
fn the_engine_stands_below_the_window() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    // Spelt in pieces, so this test does not find itself.
    let forbidden = [
        concat!("eg", "ui"),
        concat!("crate::", "ui"),
        concat!("super::", "ui"),
    ]
    .map(String::from);
    let offending = lines_naming(&root, &forbidden, false);
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}

/// The window asks the engine (`engine::asks`) and never composes a service call: no
/// client, no `service::` path in `src/ui`; nor does it reach into the store, the follow-up
/// file or the keys answers are kept under.
#[test]
fn the_window_asks_the_engine_and_holds_no_client() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let forbidden = [
        concat!("client", "."),
        concat!("service", "::"),
        concat!("|client", "|"),
        concat!("Client::", "with_options"),
        concat!("Client::", "new"),
        concat!("engine::", "store::"),
        concat!("engine::", "follow_up_file"),
        concat!("engine::", "answer_keys"),
    ]
    .map(String::from);
    let offending = lines_naming(&root, &forbidden, false);
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}
