#!/usr/bin/env python3
"""Validate lab files against labforge's JSON Schema; prints one line per file."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failed = 0
for path in sys.argv[2:]:
    errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
    for e in errors:
        print(f"{path}: /{'/'.join(map(str, e.path))}: {e.message}")
    failed += bool(errors)
    print(f"{path}: {'FAIL' if errors else 'ok'}")
sys.exit(1 if failed else 0)
