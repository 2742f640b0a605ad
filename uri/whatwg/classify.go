package whatwg

// classifyBytes is classify one byte at a time: its definition, which the
// tests hold the vector code to.
func classifyBytes(s string) (upperPct, dash, slash, dotPct, digit, quote uint64) {
	for i := 0; i < len(s) && i < 64; i++ {
		bit := uint64(1) << i
		switch b := s[i]; {
		case 'A' <= b && b <= 'Z':
			upperPct |= bit
		case b == '%':
			upperPct |= bit
			dotPct |= bit
		case b == '-':
			dash |= bit
		case b == '/':
			slash |= bit
		case b == '.':
			dotPct |= bit
		case '0' <= b && b <= '9':
			digit |= bit
		case b == '\'':
			quote |= bit
		}
	}
	return upperPct, dash, slash, dotPct, digit, quote
}
