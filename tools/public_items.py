#!/usr/bin/env python3
"""Counts the public items of a crate (or of the modules named), as
rustdoc sees them: items with a path (modules, structs, enums, traits,
functions, constants, type aliases), the public methods of their inherent
impls and the methods of public traits, and, apart, public fields and enum
variants. What "darkstar-path and darkstar-fog" asks to be counted before
and after.

usage (needs a nightly toolchain for rustdoc's JSON output):
    cargo +nightly rustdoc -p darkstar-path --lib --target-dir /tmp/nightly-target -- \
        -Z unstable-options --output-format json
    python3 tools/public_items.py /tmp/nightly-target/doc/darkstar_path.json
    # the game's modules, as counted before the crates:
    python3 tools/public_items.py /tmp/nightly-target/doc/darkstar.json path fog
"""
import collections
import json
import sys


def count(doc, modules):
    paths, index = doc["paths"], doc["index"]
    items = collections.Counter()
    methods = collections.Counter()
    fields = collections.Counter()
    for id_, p in paths.items():
        path = p["path"]
        if p.get("crate_id") != 0:
            continue
        if modules and (len(path) < 2 or path[1] not in modules):
            continue
        item = index.get(str(id_))
        if not item or item.get("visibility") != "public":
            continue
        module = path[1] if modules else path[0]
        items[module] += 1
        inner = item["inner"]
        for kind in ("struct", "enum"):
            if kind not in inner:
                continue
            for impl_id in inner[kind].get("impls", []):
                impl = index.get(str(impl_id))
                if not impl or impl["inner"]["impl"].get("trait") is not None:
                    continue
                for m in impl["inner"]["impl"]["items"]:
                    mi = index.get(str(m))
                    if mi and mi.get("visibility") == "public":
                        methods[module] += 1
            if kind == "struct":
                shape = inner["struct"]["kind"]
                if isinstance(shape, dict) and "plain" in shape:
                    for f in shape["plain"]["fields"]:
                        fi = index.get(str(f))
                        if fi and fi.get("visibility") == "public":
                            fields[module] += 1
            else:
                fields[module] += len(inner["enum"]["variants"])
        if "trait" in inner:
            methods[module] += len(inner["trait"]["items"])
    return items, methods, fields


def main():
    doc = json.load(open(sys.argv[1]))
    modules = sys.argv[2:]
    items, methods, fields = count(doc, set(modules))
    for m in modules or sorted(items):
        print(
            f"{m}: {items[m] + methods[m]} public items "
            f"({items[m]} with a path, {methods[m]} methods), "
            f"and {fields[m]} public fields and variants"
        )


if __name__ == "__main__":
    main()
