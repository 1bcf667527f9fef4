#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Validate lab files against labforge's JSON Schema; prints one line per file.

check_schema.py SCHEMA FILE...                      every file must be valid
check_schema.py --expect-invalid SCHEMA CORPUS_DIR  every case of CORPUS_DIR/expected.json
                                                    marked "schema": true must be refused
check_schema.py --verdicts SCHEMA FILE...           prints "accepted FILE" or "refused FILE"
                                                    for each (exit 0)

A schema's patterns are ECMA-262 regular expressions, whose "$" is the end of the string;
Python's "$" also matches before a final newline, so a trailing "$" is read as "\\Z" here.
"""
import json
import os
import re
import sys

import jsonschema
from jsonschema.exceptions import ValidationError


def ecma(pattern):
    """The pattern with each "$" outside a class and not escaped made the end of the string."""
    out, escaped, in_class = [], False, False
    for c in pattern:
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "$" and not in_class:
            out.append("\\Z")
            continue
        out.append(c)
    return "".join(out)


def pattern(validator, patrn, instance, schema):
    if validator.is_type(instance, "string") and not re.search(ecma(patrn), instance):
        yield ValidationError(f"{instance!r} does not match {patrn!r}")


args = sys.argv[1:]
mode = args[0] if args[:1] in (["--expect-invalid"], ["--verdicts"]) else ""
if mode:
    args = args[1:]
expect_invalid = mode == "--expect-invalid"
schema = json.load(open(args[0]))
jsonschema.Draft202012Validator.check_schema(schema)
Validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": pattern})
validator = Validator(schema)
failed = 0
if mode == "--verdicts":
    for path in args[1:]:
        print(f"{'refused' if any(validator.iter_errors(json.load(open(path)))) else 'accepted'} {path}")
    sys.exit(0)
if expect_invalid:
    corpus = args[1]
    cases = json.load(open(os.path.join(corpus, "expected.json")))
    for name, case in cases.items():
        if not case.get("schema"):
            continue
        path = os.path.join(corpus, name + ".lab.json")
        errors = list(validator.iter_errors(json.load(open(path))))
        failed += not errors
        print(f"{path}: {'refused' if errors else 'ACCEPTED (expected a refusal)'}")
    sys.exit(1 if failed else 0)
for path in args[1:]:
    errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
    for e in errors:
        print(f"{path}: /{'/'.join(map(str, e.path))}: {e.message}")
    failed += bool(errors)
    print(f"{path}: {'FAIL' if errors else 'ok'}")
sys.exit(1 if failed else 0)
