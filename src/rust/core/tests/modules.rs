//! The core's modules form no cycle: each module's own code (its tests
//! aside) uses only modules that do not use it back, directly or through
//! others. A cycle would mean two modules that cannot be read, changed or
//! tested one without the other.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The modules each module's code names as `crate::<module>`, from its
/// text up to its tests.
fn uses() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = BTreeMap::new();
    for file in fs::read_dir(&src).expect("src/ is readable") {
        let path = file.expect("a directory entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        if path.extension().and_then(|e| e.to_str()) != Some("rs") || name == "lib" {
            continue;
        }
        let text = fs::read_to_string(&path).expect("a module is readable");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        assert!(
            !code.contains("crate::{"),
            "{name}.rs: write one `use crate::<module>::...` per module, as this test reads them"
        );
        let used = code
            .split("crate::")
            .skip(1)
            .filter_map(|rest| {
                let module: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                (!module.is_empty() && module != name).then_some(module)
            })
            .collect();
        graph.insert(name, used);
    }
    graph
}

/// A cycle through `module`, if there is one, as the modules along it.
fn cycle_from(
    graph: &BTreeMap<String, BTreeSet<String>>,
    module: &str,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(at) = path.iter().position(|m| m == module) {
        let mut cycle = path[at..].to_vec();
        cycle.push(module.to_string());
        return Some(cycle);
    }
    if done.contains(module) {
        return None;
    }
    path.push(module.to_string());
    for next in graph.get(module).into_iter().flatten() {
        if let Some(cycle) = cycle_from(graph, next, path, done) {
            return Some(cycle);
        }
    }
    path.pop();
    done.insert(module.to_string());
    None
}

#[test]
fn the_modules_form_no_cycle() {
    let graph = uses();
    assert!(graph.len() > 10, "found only {:?}", graph.keys());
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        if let Some(cycle) = cycle_from(&graph, module, &mut Vec::new(), &mut done) {
            panic!("the core's modules use each other in a cycle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn a_cycle_would_be_found() {
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    let cycle = cycle_from(&graph, "a", &mut Vec::new(), &mut BTreeSet::new());
    assert_eq!(cycle, Some(vec!["a".to_string(), "b".to_string(), "a".to_string()]));
}
