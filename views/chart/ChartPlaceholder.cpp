// Replaced by the chart renderer.
