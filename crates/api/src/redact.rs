//! What a decode error may say: built from serde's structure (the path, the error's category,
//! the kind of value found there), never from its message, which quotes the value itself (a
//! resident's name placed where a number belongs would reach the log whole, and an escaped
//! quote inside it defeats any attempt to cut the quotes out of the text).

use serde_json::Value;
use serde_json::error::Category;

/// How LeaseDesk's own decoders (timestamps, ids) begin their messages, which never carry a
/// value: those are kept; serde's own messages, which quote values, never are.
pub const OWN: &str = "LeaseDesk: ";

/// Why `error` happened, with no value of the answer in it. `found` is the value at the
/// error's path when the answer was read as a `Value` first (a record of a list).
pub fn reason(error: &serde_json::Error, found: Option<&Value>) -> String {
    let message = error.to_string();
    if let Some(own) = message.strip_prefix(OWN) {
        // Ours: " at line L column C" is all serde adds to it.
        return own.to_owned();
    }
    let at = if error.line() > 0 {
        format!(" (line {}, column {})", error.line(), error.column())
    } else {
        String::new()
    };
    match error.classify() {
        Category::Syntax => format!("not valid JSON{at}"),
        Category::Eof => format!("the answer ends too early{at}"),
        Category::Io => "the answer could not be read".into(),
        Category::Data => match found {
            Some(Value::Object(_)) => format!(
                "an object that lacks a field LeaseDesk needs, or holds one it cannot read{at}"
            ),
            Some(value) => format!(
                "{} where LeaseDesk expects another kind of value{at}",
                kind(value)
            ),
            None => format!("a value LeaseDesk cannot read here{at}"),
        },
    }
}

/// The kind of a JSON value, as a reader would say it.
pub fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "an empty value (null)",
        Value::Bool(_) => "a true/false value",
        Value::Number(_) => "a number",
        Value::String(_) => "a text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The value at `path` inside `root`, following serde_path_to_error's segments.
pub fn at_path<'v>(root: &'v Value, path: &serde_path_to_error::Path) -> Option<&'v Value> {
    use serde_path_to_error::Segment;
    let mut here = root;
    for segment in path.iter() {
        here = match (segment, here) {
            (Segment::Seq { index }, Value::Array(items)) => items.get(*index)?,
            (Segment::Map { key }, Value::Object(map)) => map.get(key)?,
            (Segment::Enum { .. }, value) => value,
            _ => return None,
        };
    }
    Some(here)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Person {
        #[serde(rename = "Name")]
        name: String,
        #[serde(rename = "Age")]
        age: i64,
    }

    const VALUES: [&str; 4] = ["Bobby", "Robert", "Ellison", "555-0142"];

    fn assert_clean(text: &str) {
        for value in VALUES {
            assert!(!text.contains(value), "{value} leaked into {text:?}");
        }
    }

    #[test]
    fn a_quoted_nickname_in_a_number_field_is_named_by_kind_only() {
        let json = r#"{"Name":"Robert","Age":"Robert \"Bobby\" Ellison 555-0142"}"#;
        let value: Value = serde_json::from_str(json).unwrap();
        let e = serde_path_to_error::deserialize::<_, Person>(value.clone()).unwrap_err();
        // serde's own message quotes the value (this is what reached the log before).
        assert!(e.inner().to_string().contains("Bobby"));
        let text = reason(e.inner(), at_path(&value, e.path()));
        assert_clean(&text);
        assert!(text.contains("a text where"), "{text}");
        assert_eq!(e.path().to_string(), "Age");
    }

    #[test]
    fn whole_answer_errors_say_where_not_what() {
        let json = br#"{"Name":"Robert \"Bobby\" Ellison","Age":"555-0142"}"#;
        let mut de = serde_json::Deserializer::from_slice(json);
        let e = serde_path_to_error::deserialize::<_, Person>(&mut de).unwrap_err();
        let text = reason(e.inner(), None);
        assert_clean(&text);
        assert!(text.contains("line 1"), "{text}");
        let broken = serde_json::from_slice::<Value>(br#"{"Name":"Robert \"Bobby"#).unwrap_err();
        let text = reason(&broken, None);
        assert_clean(&text);
        assert!(text.starts_with("the answer ends too early"), "{text}");
        let missing: Value = serde_json::from_str(r#"{"Name":"Robert"}"#).unwrap();
        let e = serde_path_to_error::deserialize::<_, Person>(missing.clone()).unwrap_err();
        let text = reason(e.inner(), at_path(&missing, e.path()));
        assert!(text.contains("lacks a field"), "{text}");
    }
}
