#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: labforge developers
"""Validate lab files against labforge's JSON Schema; prints one line per file.

check_schema.py SCHEMA FILE...                      every file must be valid
check_schema.py --expect-invalid SCHEMA CORPUS_DIR  every case of CORPUS_DIR/expected.json
                                                    marked "schema": true must be refused
"""
import json
import os
import sys

import jsonschema

args = sys.argv[1:]
expect_invalid = args[:1] == ["--expect-invalid"]
if expect_invalid:
    args = args[1:]
schema = json.load(open(args[0]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failed = 0
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
