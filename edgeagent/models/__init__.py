"""Edge models: the catalog, preparing and converting them, importing and pulling, manifests and verification,
and which backend runs them."""
