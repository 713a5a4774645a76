"""The spec's JSON Schema, generated from the models so it cannot drift."""

from __future__ import annotations

import json
from typing import Any

from pydantic.json_schema import GenerateJsonSchema

from pnp import registry


class _NoNull(GenerateJsonSchema):
    """`X | None` fields are optional keys, not nullable ones: a key written must hold a value (fields.value_given)."""

    def nullable_schema(self, schema: Any) -> Any:
        return self.generate_inner(schema["schema"])

    def default_schema(self, schema: Any) -> Any:
        """No `default: null` for an editor to offer: such a key is left out."""
        if schema.get("default", ...) is None:
            return self.generate_inner(schema["schema"])
        return super().default_schema(schema)


def schema_json() -> str:
    models = [registry.game(name).spec for name in registry.names()]
    if len(models) == 1:
        body = models[0].model_json_schema(schema_generator=_NoNull)
    else:
        # One branch per game, told apart by each model's `game` constant. (Not pydantic's
        # discriminator: it refuses the before-validator every field has, fields.value_given.)
        from typing import Union

        from pydantic import TypeAdapter

        body = TypeAdapter(Union[tuple(models)]).json_schema(schema_generator=_NoNull)
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **body, "title": "pnp spec"}
    return json.dumps(schema, indent=2) + "\n"
