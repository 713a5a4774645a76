"""Pure geometry: cells, polygons, neighbours. Millimetres, y down; nothing here draws."""
