package idnagen

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The npm package of the UCD, @unicode/unicode-X, that GenerateNorm reads
// for each Unicode version X it knows: its release and the sha256 of its
// tarball, as `npm pack` writes it.
var unicodePackages = map[string]struct{ release, sha256 string }{
	"17.0.0": {"2.1.0", "dc16c2001bb62c0c48a6e85f12ef9172e4a221eae2d25dc6544536158e0de4b2"},
}

// The parts of the package normdata.mjs reads: the modules at its root,
// which the others import, and these properties.
var unicodePackageParts = []string{
	"Decomposition_Mapping/Canonical/",
	"Binary_Property/Composition_Exclusion/",
	"Binary_Property/Full_Composition_Exclusion/",
	"General_Category/Mark/",
}

// unicodePackage unpacks @unicode/unicode-version, the parts normdata.mjs
// reads, in dir and returns the directory of its files. It takes the
// tarball from the user's cache directory (rfc3986-idnagen), or has npm
// fetch it and keeps it there; either way it checks its sha256.
func unicodePackage(version, dir string) (string, error) {
	p, ok := unicodePackages[version]
	if !ok {
		return "", fmt.Errorf("no @unicode/unicode-%s known: add its release and sha256 to unicodePackages", version)
	}
	name := "unicode-unicode-" + version + "-" + p.release + ".tgz"
	var cached string
	if c, err := os.UserCacheDir(); err == nil {
		cached = filepath.Join(c, "rfc3986-idnagen", name)
	}
	b, err := os.ReadFile(cached)
	if err != nil || sha256Hex(b) != p.sha256 {
		if b, err = npmPack("@unicode/unicode-"+version+"@"+p.release, dir, name); err != nil {
			return "", err
		}
		if got := sha256Hex(b); got != p.sha256 {
			return "", fmt.Errorf("npm pack @unicode/unicode-%s@%s: sha256 %s, want %s", version, p.release, got, p.sha256)
		}
		if cached != "" && os.MkdirAll(filepath.Dir(cached), 0o755) == nil {
			os.WriteFile(cached, b, 0o644) // a cache: failing to keep it costs a fetch
		}
	}
	out := filepath.Join(dir, "package")
	return out, untar(b, dir)
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// npmPack has npm fetch the tarball of spec into dir, and returns it.
func npmPack(spec, dir, name string) ([]byte, error) {
	npm, err := exec.LookPath("npm")
	if err != nil {
		return nil, &MissingError{"npm, which fetches " + spec, err}
	}
	var stderr bytes.Buffer
	cmd := exec.Command(npm, "pack", spec, "--pack-destination", dir, "--loglevel=error")
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, &MissingError{"npm pack " + spec, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))}
	}
	return os.ReadFile(filepath.Join(dir, name))
}

// untar writes the files of the package's tarball that normdata.mjs
// reads into dir.
func untar(tgz []byte, dir string) error {
	z, err := gzip.NewReader(bytes.NewReader(tgz))
	if err != nil {
		return err
	}
	tr := tar.NewReader(z)
	files := 0
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		rel, ok := strings.CutPrefix(h.Name, "package/")
		if !ok || h.Typeflag != tar.TypeReg || strings.Contains(rel, "..") {
			continue
		}
		wanted := !strings.Contains(rel, "/")
		for _, part := range unicodePackageParts {
			wanted = wanted || strings.HasPrefix(rel, part)
		}
		if !wanted {
			continue
		}
		path := filepath.Join(dir, "package", filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
		files++
	}
	if files == 0 {
		return errors.New("the @unicode package's tarball holds no file")
	}
	return nil
}
