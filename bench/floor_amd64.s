#include "textflag.h"

// func floorPassArch(lines []string, class *[256]uint8) int
//
// floorPassGo, instruction for instruction as the compiler writes its
// inner loop (but for the address of class, which it reloads), with that
// loop aligned to 64 bytes so that it never straddles a line.
TEXT ·floorPassArch(SB), NOSPLIT, $0-40
	MOVQ lines_base+0(FP), R8
	MOVQ lines_len+8(FP), R9
	MOVQ class+24(FP), DI
	XORL R10, R10 // n
	TESTQ R9, R9
	JEQ done

line:
	MOVQ 0(R8), SI // the bytes of the line
	MOVQ 8(R8), CX // its length
	XORL AX, AX    // acc
	XORL DX, DX    // i
	TESTQ CX, CX
	JEQ next
	JMP byte       // over the padding

	PCALIGN $64

byte:
	MOVBLZX (SI)(DX*1), BX
	MOVBLZX (DI)(BX*1), BX
	ORL BX, AX
	INCQ DX
	CMPQ DX, CX
	JLT byte
	TESTB AL, AL
	JEQ next
	INCQ R10

next:
	ADDQ $16, R8
	DECQ R9
	JNE line

done:
	MOVQ R10, ret+32(FP)
	RET
