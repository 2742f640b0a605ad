//go:build linux

package browser

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Outgoing connections are found from the sockets the process holds: the
// links "socket:[INODE]" in /proc/PID/fd, each copied into this process
// with pidfd_getfd(2) (Linux 5.6; this test's child, so ptrace access is
// granted) and asked its type and local port. A server that makes no
// outgoing connection holds TCP sockets on its own port only (its listener
// and the connections it accepted) and no UDP socket (a DNS query would
// need one). Reading /proc/PID/net/tcp instead would cost a walk over every
// socket of the network namespace, tens of thousands on a busy machine.

// The system calls, numbered alike on every architecture since Linux 5.1.
const (
	sysPidfdOpen  = 434
	sysPidfdGetfd = 438
)

// foreignSockets returns a line for each socket pid holds that is not a
// TCP socket on the local port port: a connection it opened, or a UDP
// socket.
func foreignSockets(pid, port int) ([]string, error) {
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	pidfd, _, errno := syscall.Syscall(sysPidfdOpen, uintptr(pid), 0, 0)
	if errno != 0 {
		return nil, fmt.Errorf("pidfd_open %d: %v", pid, errno)
	}
	defer syscall.Close(int(pidfd))
	var found []string
	for _, e := range ents {
		link, err := os.Readlink(filepath.Join(dir, e.Name()))
		if err != nil || !strings.HasPrefix(link, "socket:[") {
			continue // closed meanwhile, or not a socket
		}
		target, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		fd, _, errno := syscall.Syscall(sysPidfdGetfd, pidfd, uintptr(target), 0)
		if errno == syscall.EBADF {
			continue // closed meanwhile
		}
		if errno != 0 {
			return nil, fmt.Errorf("pidfd_getfd %d of %d: %v", target, pid, errno)
		}
		typ, err := syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_TYPE)
		sa, err2 := syscall.Getsockname(int(fd))
		syscall.Close(int(fd))
		if err != nil || err2 != nil {
			return nil, fmt.Errorf("socket %d of %d: %v, %v", target, pid, err, err2)
		}
		local := -1
		switch a := sa.(type) {
		case *syscall.SockaddrInet4:
			local = a.Port
		case *syscall.SockaddrInet6:
			local = a.Port
		default:
			continue // a Unix socket: not the network
		}
		switch {
		case typ == syscall.SOCK_STREAM && local == port:
			continue
		case typ == syscall.SOCK_STREAM:
			found = append(found, fmt.Sprintf("tcp socket from local port %d", local))
		default:
			found = append(found, fmt.Sprintf("udp socket (type %d) on local port %d", typ, local))
		}
	}
	return found, nil
}

// A netWatch looks at the sockets of a process every few milliseconds,
// until stopped, and keeps what foreignSockets finds.
type netWatch struct {
	stop  chan struct{}
	done  chan struct{}
	mu    sync.Mutex
	found map[string]bool
	err   error
	looks int
}

func watchSockets(pid, port int) *netWatch {
	w := &netWatch{stop: make(chan struct{}), done: make(chan struct{}), found: map[string]bool{}}
	go func() {
		defer close(w.done)
		for {
			fs, err := foreignSockets(pid, port)
			w.mu.Lock()
			w.looks++
			if err != nil && w.err == nil {
				w.err = err
			}
			for _, s := range fs {
				w.found[s] = true
			}
			w.mu.Unlock()
			select {
			case <-w.stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	return w
}

// result stops the watch and returns what it found, how many times it
// looked, and the first error.
func (w *netWatch) result() ([]string, int, error) {
	close(w.stop)
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	var found []string
	for s := range w.found {
		found = append(found, s)
	}
	return found, w.looks, w.err
}

// TestForeignSockets checks that the check finds what it looks for: this
// test process, with a listener, a connection accepted on it, a
// connection it opened and a UDP socket.
func TestForeignSockets(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	pid := os.Getpid()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			accepted <- c
		}
	}()
	// Sockets the process held before (none, when this test runs alone)
	// are left out.
	before, err := foreignSockets(pid, port)
	if err != nil {
		t.Fatal(err)
	}
	fresh := func() []string {
		t.Helper()
		all, err := foreignSockets(pid, port)
		if err != nil {
			t.Fatal(err)
		}
		var found []string
		for _, s := range all {
			if !slices.Contains(before, s) {
				found = append(found, s)
			}
		}
		return found
	}
	out, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	in := <-accepted
	defer in.Close()
	found := fresh()
	want := fmt.Sprintf("tcp socket from local port %d", out.LocalAddr().(*net.TCPAddr).Port)
	if len(found) != 1 || found[0] != want {
		t.Errorf("with a connection out: %q; want one socket, %q...", found, want)
	}
	udp, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer udp.Close()
	found = fresh()
	udps := slices.DeleteFunc(slices.Clone(found), func(s string) bool { return !strings.HasPrefix(s, "udp socket") })
	if len(found) != 2 || len(udps) != 1 {
		t.Errorf("with a UDP socket too: %q; want two, one a udp socket", found)
	}
}
