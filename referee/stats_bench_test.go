package referee

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
)

var statsGames = flag.Int("stats.games", 1000, "random games per game that BenchmarkStats adds up (seeds 1 to N)")

// BenchmarkStats adds up the figures of -stats.games random games of each
// game, written to files first (before the timer), as referee stats reads
// them: one operation is the whole run, every file read and checked on
// every CPU, at the collector's batch pace, as the command runs.
//
//	go test ./referee -run '^$' -bench '^BenchmarkStats$' -benchtime 3x
func BenchmarkStats(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(BatchGCPercent))
	for _, g := range Games() {
		b.Run(g.Name(), func(b *testing.B) {
			paths := writeRandomGames(b, g, *statsGames)
			b.ResetTimer()
			var s *Stats
			for b.Loop() {
				s = CollectStats(paths, StatsOptions{Jobs: DefaultJobs()})
			}
			b.StopTimer()
			if len(s.Skipped) > 0 || s.Games[0].Transcripts != len(paths) {
				b.Fatalf("%d skipped, %d counted of %d", len(s.Skipped), s.Games[0].Transcripts, len(paths))
			}
			b.ReportMetric(float64(len(paths)*b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// writeRandomGames writes the random games of seeds 1 to n of g to files,
// the generators running on every CPU.
func writeRandomGames(b *testing.B, g Game, n int) []string {
	dir := b.TempDir()
	paths := make([]string, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				src, _ := g.Random(uint64(i + 1))
				paths[i] = filepath.Join(dir, fmt.Sprintf("random-%d%s", i+1, g.Extension()))
				if err := os.WriteFile(paths[i], []byte(src), 0o644); err != nil {
					b.Error(err)
				}
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return paths
}
