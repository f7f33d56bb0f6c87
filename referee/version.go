package referee

import "runtime/debug"

// BuildVersion is the referee's version, from the build information the
// Go toolchain writes into every binary.
type BuildVersion struct {
	Module   string // the module path
	Version  string // the module's version, or "(devel)" for a local build
	Revision string // the VCS revision it was built from, or ""
	Modified bool   // the work tree had changes not committed
	Go       string // the Go version it was built with
}

// Version reads the running binary's build information.
func Version() BuildVersion { return versionFrom(debug.ReadBuildInfo()) }

// modulePath is the module path, for a binary without build information.
const modulePath = "github.com/tabletop-referee/referee"

func versionFrom(info *debug.BuildInfo, ok bool) BuildVersion {
	v := BuildVersion{Module: modulePath, Version: "(devel)"}
	if !ok || info == nil {
		return v
	}
	v.Go = info.GoVersion
	if info.Main.Path != "" {
		v.Module = info.Main.Path
	}
	if info.Main.Version != "" {
		v.Version = info.Main.Version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// String is the version as `referee --version` writes it: the module's
// version, and for a build without one ("(devel)") the revision's first
// 12 digits and whether the work tree was modified. (Go 1.24 and later
// write both into a local build's version, as a pseudo-version.)
func (v BuildVersion) String() string {
	s := v.Version
	if v.Version != "(devel)" {
		return s
	}
	if v.Revision != "" {
		s += " " + v.Revision[:min(12, len(v.Revision))]
	}
	if v.Modified {
		s += " (modified)"
	}
	return s
}

// InformationURI is where to read about the referee: its module's home.
func (v BuildVersion) InformationURI() string { return "https://" + v.Module }
