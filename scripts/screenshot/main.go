// Command screenshot writes a PNG of a transcript's web page (referee
// replay --html) as headless Chromium shows it, for the README.
//
// Usage, from the repository's root:
//
//	go run ./scripts/screenshot [-o docs/replay.png] [-at t5] [-width 1100] [-height 900] [-dark] FILE
//
// -at opens the page at a step, as a link to it does (#t5 is turn 5).
// Chromium is looked for as chromium, chromium-browser or google-chrome
// on the PATH, or given with -browser.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/tabletop-referee/referee/referee"
	_ "github.com/tabletop-referee/referee/referee/games/all"
)

func main() {
	out := flag.String("o", "docs/replay.png", "the PNG to write")
	at := flag.String("at", "", "the step to open the page at: t5 (turn 5), t5.2 (its second move), end")
	width := flag.Int("width", 1100, "the window's width, in CSS pixels")
	height := flag.Int("height", 900, "the window's height, in CSS pixels")
	dark := flag.Bool("dark", false, "show the page as a browser set to dark does")
	browser := flag.String("browser", "", "the Chromium to run (default: chromium, chromium-browser or google-chrome on the PATH)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/screenshot [flags] FILE (a transcript)")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *out, *at, *browser, *width, *height, *dark); err != nil {
		fmt.Fprintln(os.Stderr, "screenshot:", err)
		os.Exit(1)
	}
}

func run(file, out, at, browser string, width, height int, dark bool) error {
	rp, r := referee.ReplayFile(file, referee.Options{KeepGoing: true})
	var page bytes.Buffer
	if err := referee.WriteHTML(&page, rp, r); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "screenshot")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	html := filepath.Join(dir, "page.html")
	if err := os.WriteFile(html, page.Bytes(), 0o644); err != nil {
		return err
	}
	if browser == "" {
		for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
			if p, err := exec.LookPath(name); err == nil {
				browser = p
				break
			}
		}
	}
	if browser == "" {
		return fmt.Errorf("no Chromium found on the PATH: install it (apt-get install chromium) or give -browser")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(browser),
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.Flag("headless", true), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true), chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.WindowSize(width, height),
	}
	ctx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel = chromedp.NewContext(ctx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	scheme := "light"
	if dark {
		scheme = "dark"
	}
	url := "file://" + html
	if at != "" {
		url += "#" + at
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		return err
	}
	media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, media); err != nil {
		return err
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready]`)); err != nil {
		return err
	}
	// A link to a step scrolls to it in the move list; the picture shows
	// the page from its top.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("window.scrollTo(0, 0), true")); err != nil {
		return err
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return err
	}
	return referee.WriteAtomic(out, png)
}
