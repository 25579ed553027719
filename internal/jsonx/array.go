package jsonx

// Array parses data, which must be one JSON array and nothing else (white space aside), and
// returns its elements, each as written.
func Array(data []byte) ([][]byte, error) {
	s := scanner{data: data}
	s.space()
	if s.peek() != '[' {
		return nil, s.fail("want a JSON array")
	}
	s.pos++
	elems := make([][]byte, 0, 4)
	s.space()
	if s.peek() == ']' {
		s.pos++
	} else {
		for {
			s.space()
			start := s.pos
			if err := s.value(1); err != nil {
				return nil, err
			}
			elems = append(elems, data[start:s.pos])
			s.space()
			if s.peek() == ',' {
				s.pos++
				continue
			}
			if s.peek() != ']' {
				return nil, s.fail("want ',' or ']'")
			}
			s.pos++
			break
		}
	}
	s.space()
	if s.pos != len(data) {
		return nil, s.fail("data after the JSON array")
	}
	return elems, nil
}
