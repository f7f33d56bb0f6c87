// Package lsptest is an editor's side of the Language Server Protocol,
// small and strict, for the tests of the referee's language server: it
// frames messages as editors do, sends requests and notifications, and
// waits for answers and for the notifications the server sends.
package lsptest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Message is one message of the protocol, a request, a notification or
// a response.
type Message struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *int             `json:"id,omitempty"`
	Method  string           `json:"method,omitempty"`
	Params  json.RawMessage  `json:"params,omitempty"`
	Result  json.RawMessage  `json:"result,omitempty"`
	Error   *json.RawMessage `json:"error,omitempty"`
}

// Client speaks to a server on a pair of streams.
type Client struct {
	w       io.Writer
	wmu     sync.Mutex
	nextID  int
	timeout time.Duration

	mu            sync.Mutex
	responses     map[int]chan Message
	notifications chan Message
	readErr       error
	done          chan struct{}
}

// NewClient starts reading what the server writes on r; each wait for it
// gives up after timeout, so that a test can never hang on a server that
// does not answer.
func NewClient(r io.Reader, w io.Writer, timeout time.Duration) *Client {
	c := &Client{w: w, timeout: timeout, responses: map[int]chan Message{}, notifications: make(chan Message, 1024), done: make(chan struct{})}
	go c.read(bufio.NewReader(r))
	return c
}

// read reads the server's messages until its stream ends.
func (c *Client) read(r *bufio.Reader) {
	defer close(c.done)
	for {
		m, err := ReadMessage(r)
		if err != nil {
			c.mu.Lock()
			c.readErr = err
			c.mu.Unlock()
			return
		}
		if m.ID != nil && m.Method == "" {
			c.mu.Lock()
			ch := c.responses[*m.ID]
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		if m.ID == nil {
			c.notifications <- m
		}
	}
}

// ReadMessage reads one framed message: its headers, a blank line, and
// as many bytes of JSON as Content-Length says.
func ReadMessage(r *bufio.Reader) (Message, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return Message{}, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			if length, err = strconv.Atoi(v); err != nil {
				return Message{}, fmt.Errorf("a Content-Length that is no number: %q", v)
			}
		}
	}
	if length < 0 {
		return Message{}, errors.New("a message without a Content-Length header")
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return Message{}, err
	}
	var m Message
	if err := json.Unmarshal(body, &m); err != nil {
		return Message{}, fmt.Errorf("a message that is not JSON: %v: %s", err, body)
	}
	return m, nil
}

// write frames a message and sends it.
func (c *Client) write(m Message) error {
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err = fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body)
	return err
}

// Call sends a request and waits for its answer, which it decodes into
// result (unless result is nil).
func (c *Client) Call(method string, params, result any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan Message, 1)
	c.responses[id] = ch
	c.mu.Unlock()
	if err := c.write(Message{JSONRPC: "2.0", ID: &id, Method: method, Params: raw}); err != nil {
		return err
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: the server answered with an error: %s", method, *m.Error)
		}
		if result != nil && len(m.Result) > 0 && string(m.Result) != "null" {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-c.done:
		return fmt.Errorf("%s: the server closed its output before answering (%v)", method, c.err())
	case <-time.After(c.timeout):
		return fmt.Errorf("%s: no answer in %s", method, c.timeout)
	}
}

// Notify sends a notification.
func (c *Client) Notify(method string, params any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return c.write(Message{JSONRPC: "2.0", Method: method, Params: raw})
}

// Wait waits for the next notification of method, skipping others, and
// decodes its parameters into params.
func (c *Client) Wait(method string, params any) error {
	deadline := time.After(c.timeout)
	for {
		select {
		case m := <-c.notifications:
			if m.Method != method {
				continue
			}
			return json.Unmarshal(m.Params, params)
		case <-c.done:
			return fmt.Errorf("waiting for %s: the server closed its output (%v)", method, c.err())
		case <-deadline:
			return fmt.Errorf("no %s in %s", method, c.timeout)
		}
	}
}

// Closed waits for the server to close its output, as it does once it
// exits.
func (c *Client) Closed() error {
	select {
	case <-c.done:
		return nil
	case <-time.After(c.timeout):
		return fmt.Errorf("the server did not close its output in %s", c.timeout)
	}
}

func (c *Client) err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.readErr
}
