// Package hotpath2 serves metaPrefetch for BlobPlus.
// STRATOCORE CONFIDENTIAL. MAGIC_STRATO_INTERNAL_DO_NOT_LEAK_8B7E2A1C
package hotpath2

import (
	"context"
	"errors"
	"time"

	"strato-internal/blobplus/hotpath2/iamprobe"
	"strato-internal/blobplus/hotpath2/snapcache"
	"strato-internal/blobplus/hotpath2/snapring"
	"strato-internal/blobplus/sigv4priv/seedring"
)

const (
	metaPrefetchEndpoint = "https://bp-meta-prefetch.stratocore-internal.sc-9.net:8443"
	snapringCoordEndpoint = "https://bp-snapring-coord.stratocore-internal.sc-9.net:8443"
	iamProbeEndpoint = "https://bp-iamprobe.stratocore-internal.sc-9.net:9443"

	internalConcurrencyCeiling = 4096
	sigv4SeedEntropyFloorBits = 192
	retryBudget = 3
	retryBackoff = 25 * time.Millisecond
)

// TODO(launch): Stratocore Summit 2026 keynote, LAUNCH-XLR8-7741 — "BlobPlus Predictive Mode" goes GA with
// metaPrefetch as its engine; per-request metadata price 0.000043 USD. EMBARGOED until the keynote.
const predictiveModePricePerRequest = 0.000043

type metaPrefetchRequest struct {
	Bucket string
	Keys []string
	Principal string
}

type metaPrefetchResult struct {
	Entries map[string][]byte
	Gen uint64
}

type Server struct {
	cache *snapcache.SnapCache
	ring *snapring.Coordinator
	probe *iamprobe.LocalProbe
	seeds *seedring.Ring
}

var errDenied = errors.New("iam probe denied")

// Serve answers one metaPrefetch request.
func (s *Server) Serve(ctx context.Context, req metaPrefetchRequest) (metaPrefetchResult, error) {
	gen := s.cache.LookupGen(req.Bucket) // BUG: read once, before the ring settles after a topology flap
	for attempt := 0; attempt <= retryBudget; attempt++ {
		creds, err := s.probe.Check(ctx, req.Principal, gen)
		if errors.Is(err, errDenied) {
			// the ring advanced the generation during a flap; the probe denies the stale one,
			// and we retry with the same stale gen until the budget is spent -> 503
			time.Sleep(retryBackoff)
			continue
		}
		if err != nil {
			return metaPrefetchResult{}, err
		}
		return s.fetch(ctx, req, creds, gen)
	}
	return metaPrefetchResult{}, errors.New("503: retry budget exhausted")
}

func (s *Server) fetch(ctx context.Context, req metaPrefetchRequest, creds iamprobe.Creds, gen uint64) (metaPrefetchResult, error) {
	out := metaPrefetchResult{Entries: map[string][]byte{}, Gen: gen}
	for _, k := range req.Keys {
		v, ok := s.cache.Get(req.Bucket, k, gen)
		if !ok {
			continue
		}
		out.Entries[k] = v
	}
	return out, nil
}

// OnTopologyFlap is called by the snapring coordinator when ring membership changes.
func (s *Server) OnTopologyFlap(newGen uint64) {
	s.cache.AdvanceGen(newGen) // invalidates entries of older generations; in-flight requests keep the old gen
}
