//! The core's modules form no cycle: each module's own code (its tests
//! aside) uses only modules that do not use it back, directly or through
//! others. A cycle would mean two modules that cannot be read, changed or
//! tested one without the other. And the core stays readable by concept:
//! no module's own code grows past one concept's length, and no folder
//! past what shows at a glance where a new module goes.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The most lines a module's own code may have (its tests aside): a file
/// longer than this holds more than one concept.
const MODULE_LINES_MAX: usize = 600;
/// The most modules one folder may hold: past this a folder no longer
/// shows where a new module goes.
const FOLDER_MODULES_MAX: usize = 15;

/// Every module file of the core: its path as Rust names it
/// (`layouts::layout`), and the file. `lib.rs` and the `mod.rs` files only
/// declare modules; `*_tests.rs` files are tests of the module beside them.
fn modules() -> Vec<(String, PathBuf)> {
    let mut found = Vec::new();
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let root = folders[0].clone();
    while let Some(folder) = folders.pop() {
        for file in fs::read_dir(&folder).expect("a source folder is readable") {
            let path = file.expect("a directory entry").path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
            let is_rust = path.extension().and_then(|e| e.to_str()) == Some("rs");
            if !is_rust || name == "lib" || name == "mod" || name.ends_with("_tests") {
                continue;
            }
            let relative = path.strip_prefix(&root).expect("under src/").with_extension("");
            let module = relative.to_string_lossy().replace(std::path::MAIN_SEPARATOR, "::");
            found.push((module, path));
        }
    }
    found.sort();
    found
}

/// A module's own code: its text up to its tests.
fn own_code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("a module is readable");
    text.split("#[cfg(test)]").next().unwrap_or_default().to_string()
}

/// The modules each module's code names as `crate::<path>`, each by the
/// longest prefix of the path that is a module.
fn uses() -> BTreeMap<String, BTreeSet<String>> {
    let all = modules();
    let known: BTreeSet<&str> = all.iter().map(|(m, _)| m.as_str()).collect();
    let mut graph = BTreeMap::new();
    for (name, path) in &all {
        let code = own_code(path);
        assert!(
            !code.contains("crate::{"),
            "{name}: write one `use crate::<module>::...` per module, as this test reads them"
        );
        let used = code
            .split("crate::")
            .skip(1)
            .filter_map(|rest| {
                let words: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let parts: Vec<&str> = words.split("::").filter(|w| !w.is_empty()).collect();
                (1..=parts.len())
                    .rev()
                    .map(|n| parts[..n].join("::"))
                    .find(|prefix| known.contains(prefix.as_str()))
                    .filter(|module| module != name)
            })
            .collect();
        graph.insert(name.clone(), used);
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

#[test]
fn no_module_outgrows_one_concept() {
    let long: Vec<String> = modules()
        .iter()
        .map(|(name, path)| (name, own_code(path).lines().count()))
        .filter(|(_, lines)| *lines > MODULE_LINES_MAX)
        .map(|(name, lines)| format!("{name} ({lines} lines)"))
        .collect();
    assert!(
        long.is_empty(),
        "modules over {MODULE_LINES_MAX} lines before their tests: {long:?}"
    );
}

#[test]
fn no_folder_outgrows_its_concept() {
    let mut per_folder: BTreeMap<String, usize> = BTreeMap::new();
    for (name, _) in modules() {
        let folder = name.rsplit_once("::").map_or("", |(f, _)| f).to_string();
        *per_folder.entry(folder).or_default() += 1;
    }
    let crowded: Vec<_> = per_folder.iter().filter(|(_, n)| **n > FOLDER_MODULES_MAX).collect();
    assert!(
        crowded.is_empty(),
        "folders with over {FOLDER_MODULES_MAX} modules: {crowded:?}"
    );
}
