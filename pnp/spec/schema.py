"""The spec's JSON Schema, generated from the models so it cannot drift."""

from __future__ import annotations

import json

from pnp import registry


def schema_json() -> str:
    models = [registry.game(name).spec for name in registry.names()]
    if len(models) == 1:
        body = models[0].model_json_schema()
    else:  # pragma: no cover - once more games exist
        from typing import Annotated, Union

        from pydantic import Field, TypeAdapter

        body = TypeAdapter(Annotated[Union[tuple(models)], Field(discriminator="game")]).json_schema()
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **body, "title": "pnp spec"}
    return json.dumps(schema, indent=2) + "\n"
