"""Shape checks on request JSON before it reaches a grammar compiler: nesting depth and tool input schemas."""

from __future__ import annotations

MAX_DEPTH = 64  # deeper JSON is refused: recursion in json, grammar compilers and prompts could fail on it
JSON_TYPES = {"object", "array", "string", "number", "integer", "boolean", "null"}
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions")  # name -> subschema
SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")  # lists of subschemas
SCHEMA_ONE = ("additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames")


def too_deep(value: object, limit: int = MAX_DEPTH) -> bool:
    """True when lists and objects nest deeper than `limit`; iterative, so it cannot itself overflow the stack."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def schema_problem(schema: object, where: str) -> str | None:
    """The first structural error in a JSON schema, as "path: what is wrong", or None when it is well formed."""
    stack = [(schema, where)]
    while stack:
        node, at = stack.pop()
        if isinstance(node, bool):
            continue
        if not isinstance(node, dict):
            return f"{at}: a schema must be an object or a boolean"
        kind = node.get("type")
        kinds = kind if isinstance(kind, list) else [kind] if kind is not None else []
        if not all(isinstance(k, str) and k in JSON_TYPES for k in kinds):
            return f"{at}.type: must be one of {', '.join(sorted(JSON_TYPES))} or a list of them"
        required = node.get("required", [])
        if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
            return f"{at}.required: must be a list of property names"
        if "enum" in node and not isinstance(node["enum"], list):
            return f"{at}.enum: must be a list"
        for key in SCHEMA_MAPS:
            if key in node:
                if not isinstance(node[key], dict):
                    return f"{at}.{key}: must be an object of schemas"
                stack.extend((sub, f"{at}.{key}.{name}") for name, sub in node[key].items())
        for key in SCHEMA_LISTS:
            if key in node:
                if not isinstance(node[key], list) or not node[key]:
                    return f"{at}.{key}: must be a non-empty list of schemas"
                stack.extend((sub, f"{at}.{key}.{i}") for i, sub in enumerate(node[key]))
        for key in SCHEMA_ONE:
            if key == "items" and isinstance(node.get(key), list):  # draft 4's tuple form
                stack.extend((sub, f"{at}.items.{i}") for i, sub in enumerate(node[key]))
            elif key in node:
                stack.append((node[key], f"{at}.{key}"))
    return None
