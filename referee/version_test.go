package referee

import (
	"runtime/debug"
	"testing"
)

func TestVersionFromBuildInfo(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	tests := []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		want string
		uri  string
	}{
		{"no build information", nil, false, "(devel)", "https://github.com/tabletop-referee/referee"},
		{"a local build from a clean tree", &debug.BuildInfo{GoVersion: "go1.25", Main: debug.Module{Path: "github.com/tabletop-referee/referee", Version: "(devel)"}, Settings: vcs("a9b0038e4f1234567890", "false")},
			true, "(devel) a9b0038e4f12", "https://github.com/tabletop-referee/referee"},
		{"a local build with changes", &debug.BuildInfo{Main: debug.Module{Path: "example.org/fork", Version: "(devel)"}, Settings: vcs("a9b0038e4f1234567890", "true")},
			true, "(devel) a9b0038e4f12 (modified)", "https://example.org/fork"},
		{"an installed release", &debug.BuildInfo{Main: debug.Module{Path: "github.com/tabletop-referee/referee", Version: "v1.4.0"}},
			true, "v1.4.0", "https://github.com/tabletop-referee/referee"},
		{"a local build stamped with a pseudo-version", &debug.BuildInfo{Main: debug.Module{Path: "github.com/tabletop-referee/referee", Version: "v0.0.0-20261126160232-a9b0038e4f12+dirty"}, Settings: vcs("a9b0038e4f1234567890", "true")},
			true, "v0.0.0-20261126160232-a9b0038e4f12+dirty", "https://github.com/tabletop-referee/referee"},
		{"a test binary: no module version", &debug.BuildInfo{Main: debug.Module{}}, true, "(devel)", "https://github.com/tabletop-referee/referee"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := versionFrom(tt.info, tt.ok)
			if got := v.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			if got := v.InformationURI(); got != tt.uri {
				t.Errorf("InformationURI() = %q, want %q", got, tt.uri)
			}
		})
	}
}
