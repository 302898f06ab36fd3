/* insn_tables.h - generated - do not edit.
 * Source: patch/x86-opcode-map.txt via patch/gen_insn_tables.py. */

static const char insn_names[] =
	"invalid\0"
	"add\0"
	"push\0"
	"pop\0"
	"or\0"
	"escape\0"
	"adc\0"
	"sbb\0"
	"and\0"
	"prefix\0"
	"daa\0"
	"sub\0"
	"das\0"
	"xor\0"
	"aaa\0"
	"cmp\0"
	"aas\0"
	"inc\0"
	"dec\0"
	"pusha\0"
	"popa\0"
	"bound\0"
	"arpl\0"
	"imul\0"
	"insb\0"
	"insd\0"
	"outsb\0"
	"outsd\0"
	"jo\0"
	"jno\0"
	"jb\0"
	"jae\0"
	"je\0"
	"jne\0"
	"jbe\0"
	"ja\0"
	"js\0"
	"jns\0"
	"jp\0"
	"jnp\0"
	"jl\0"
	"jge\0"
	"jle\0"
	"jg\0"
	"test\0"
	"xchg\0"
	"mov\0"
	"lea\0"
	"xop\0"
	"nop\0"
	"pause\0"
	"cwde\0"
	"cdq\0"
	"lcall\0"
	"fwait\0"
	"pushf\0"
	"popf\0"
	"sahf\0"
	"lahf\0"
	"movsb\0"
	"movsd\0"
	"cmpsb\0"
	"cmpsd\0"
	"stosb\0"
	"stosd\0"
	"lodsb\0"
	"lodsd\0"
	"scasb\0"
	"scasd\0"
	"rol\0"
	"ror\0"
	"rcl\0"
	"rcr\0"
	"shl\0"
	"shr\0"
	"sal\0"
	"sar\0"
	"ret\0"
	"les\0"
	"lds\0"
	"xabort\0"
	"xbegin\0"
	"enter\0"
	"leave\0"
	"lret\0"
	"int3\0"
	"int\0"
	"into\0"
	"iret\0"
	"aam\0"
	"aad\0"
	"xlat\0"
	"x87\0"
	"fxch\0"
	"frstpm\0"
	"fucomp\0"
	"fcompp\0"
	"fnstsw\0"
	"loopne\0"
	"loope\0"
	"loop\0"
	"jecxz\0"
	"in\0"
	"out\0"
	"call\0"
	"jmp\0"
	"ljmp\0"
	"int1\0"
	"hlt\0"
	"cmc\0"
	"not\0"
	"neg\0"
	"mul\0"
	"div\0"
	"idiv\0"
	"clc\0"
	"stc\0"
	"cli\0"
	"sti\0"
	"cld\0"
	"std\0"
	"sldt\0"
	"str\0"
	"lldt\0"
	"ltr\0"
	"verr\0"
	"verw\0"
	"sgdt\0"
	"sidt\0"
	"lgdt\0"
	"lidt\0"
	"smsw\0"
	"rstorssp\0"
	"lmsw\0"
	"invlpg\0"
	"enclv\0"
	"vmcall\0"
	"vmlaunch\0"
	"vmresume\0"
	"vmxoff\0"
	"pconfig\0"
	"wrmsrns\0"
	"monitor\0"
	"mwait\0"
	"clac\0"
	"stac\0"
	"encls\0"
	"xgetbv\0"
	"xsetbv\0"
	"vmfunc\0"
	"xend\0"
	"xtest\0"
	"enclu\0"
	"svm\0"
	"serialize\0"
	"saveprevssp\0"
	"rdpkru\0"
	"wrpkru\0"
	"rdtscp\0"
	"monitorx\0"
	"mwaitx\0"
	"clzero\0"
	"rdpru\0"
	"invlpgb\0"
	"tlbsync\0"
	"tdcall\0"
	"setssbsy\0"
	"xsusldtrk\0"
	"xresldtrk\0"
	"lar\0"
	"lsl\0"
	"syscall\0"
	"clts\0"
	"sysret\0"
	"invd\0"
	"wbinvd\0"
	"ud2\0"
	"prefetch\0"
	"femms\0"
	"3dnow\0"
	"movups\0"
	"movupd\0"
	"movss\0"
	"movlps\0"
	"movhlps\0"
	"movlpd\0"
	"movsldup\0"
	"movddup\0"
	"unpcklps\0"
	"unpcklpd\0"
	"unpckhps\0"
	"unpckhpd\0"
	"movhps\0"
	"movlhps\0"
	"movhpd\0"
	"movshdup\0"
	"prefetchnta\0"
	"prefetcht0\0"
	"prefetcht1\0"
	"prefetcht2\0"
	"nopl\0"
	"bndx\0"
	"endbr64\0"
	"endbr32\0"
	"movaps\0"
	"movapd\0"
	"cvtpi2ps\0"
	"cvtpi2pd\0"
	"cvtsi2ss\0"
	"cvtsi2sd\0"
	"movntps\0"
	"movntpd\0"
	"movntss\0"
	"movntsd\0"
	"cvttps2pi\0"
	"cvttpd2pi\0"
	"cvttss2si\0"
	"cvttsd2si\0"
	"cvtps2pi\0"
	"cvtpd2pi\0"
	"cvtss2si\0"
	"cvtsd2si\0"
	"ucomiss\0"
	"ucomisd\0"
	"comiss\0"
	"comisd\0"
	"wrmsr\0"
	"rdtsc\0"
	"rdmsr\0"
	"rdpmc\0"
	"sysenter\0"
	"sysexit\0"
	"getsec\0"
	"cmovo\0"
	"cmovno\0"
	"cmovb\0"
	"cmovae\0"
	"cmove\0"
	"cmovne\0"
	"cmovbe\0"
	"cmova\0"
	"cmovs\0"
	"cmovns\0"
	"cmovp\0"
	"cmovnp\0"
	"cmovl\0"
	"cmovge\0"
	"cmovle\0"
	"cmovg\0"
	"movmskps\0"
	"movmskpd\0"
	"sqrtps\0"
	"sqrtpd\0"
	"sqrtss\0"
	"sqrtsd\0"
	"rsqrtps\0"
	"rsqrtss\0"
	"rcpps\0"
	"rcpss\0"
	"andps\0"
	"andpd\0"
	"andnps\0"
	"andnpd\0"
	"orps\0"
	"orpd\0"
	"xorps\0"
	"xorpd\0"
	"add_sse\0"
	"mul_sse\0"
	"cvt_sse\0"
	"cvtdq2ps\0"
	"cvtps2dq\0"
	"cvttps2dq\0"
	"sub_sse\0"
	"min_sse\0"
	"div_sse\0"
	"max_sse\0"
	"mmx\0"
	"sse2_int\0"
	"punpcklqdq\0"
	"punpckhqdq\0"
	"movd\0"
	"movq\0"
	"movdqa\0"
	"movdqu\0"
	"pshufw\0"
	"pshufd\0"
	"pshufhw\0"
	"pshuflw\0"
	"psrlw\0"
	"psraw\0"
	"psllw\0"
	"psrld\0"
	"psrad\0"
	"pslld\0"
	"psrlq\0"
	"psllq\0"
	"psrldq\0"
	"pslldq\0"
	"pcmpeqb\0"
	"pcmpeqw\0"
	"pcmpeqd\0"
	"emms\0"
	"vmread\0"
	"extrq\0"
	"insertq\0"
	"vmwrite\0"
	"haddpd\0"
	"haddps\0"
	"hsubpd\0"
	"hsubps\0"
	"setcc\0"
	"cpuid\0"
	"bt\0"
	"shld\0"
	"montmul\0"
	"xsha1\0"
	"xsha256\0"
	"xstore\0"
	"xcryptecb\0"
	"xcryptcbc\0"
	"xcryptctr\0"
	"xcryptcfb\0"
	"xcryptofb\0"
	"rsm\0"
	"bts\0"
	"shrd\0"
	"fxsave\0"
	"fxrstor\0"
	"ldmxcsr\0"
	"stmxcsr\0"
	"xsave\0"
	"xrstor\0"
	"xsaveopt\0"
	"clflush\0"
	"lfence\0"
	"mfence\0"
	"sfence\0"
	"clwb\0"
	"clflushopt\0"
	"tpause\0"
	"ptwrite\0"
	"clrssbsy\0"
	"incsspd\0"
	"umonitor\0"
	"umwait\0"
	"cmpxchg\0"
	"lss\0"
	"btr\0"
	"lfs\0"
	"lgs\0"
	"movzx\0"
	"popcnt\0"
	"ud1\0"
	"btc\0"
	"bsf\0"
	"tzcnt\0"
	"bsr\0"
	"lzcnt\0"
	"movsx\0"
	"xadd\0"
	"cmp_sse\0"
	"movnti\0"
	"pinsrw\0"
	"pextrw\0"
	"shufps\0"
	"shufpd\0"
	"cmpxchg8b\0"
	"xrstors\0"
	"xsavec\0"
	"xsaves\0"
	"vmptrld\0"
	"vmptrst\0"
	"rdrand\0"
	"rdseed\0"
	"vmclear\0"
	"vmxon\0"
	"rdpid\0"
	"bswap\0"
	"addsubpd\0"
	"addsubps\0"
	"movq2dq\0"
	"movdq2q\0"
	"pmovmskb\0"
	"cvttpd2dq\0"
	"cvtdq2pd\0"
	"cvtpd2dq\0"
	"movntq\0"
	"movntdq\0"
	"lddqu\0"
	"maskmovq\0"
	"maskmovdqu\0"
	"ud0\0"
	"ssse3\0"
	"pblendvb\0"
	"blendvps\0"
	"blendvpd\0"
	"ptest\0"
	"pabs\0"
	"pmovsx\0"
	"sse4_1\0"
	"pmovzx\0"
	"sse4\0"
	"invept\0"
	"invvpid\0"
	"invpcid\0"
	"sha\0"
	"gf2p8mulb\0"
	"aeswidekl\0"
	"aes\0"
	"aeskl\0"
	"loadiwkey\0"
	"movbe\0"
	"crc32\0"
	"wrussd\0"
	"wrssd\0"
	"adcx\0"
	"adox\0"
	"movdir64b\0"
	"enqcmds\0"
	"enqcmd\0"
	"movdiri\0"
	"encodekey128\0"
	"encodekey256\0"
	"rao_int\0"
	"palignr\0"
	"pclmulqdq\0"
	"pcmpstr\0"
	"sha1rnds4\0"
	"gf2p8affine\0"
	"aeskeygenassist\0"
	"hreset\0"
	"avx\0"
	"kop\0"
	"vzero\0"
	"kmov\0"
	"vldmxcsr\0"
	"vstmxcsr\0"
	"avx_vnni\0"
	"avx_ne\0"
	"avx_gather\0"
	"fma\0"
	"avx_ifma\0"
	"sm3\0"
	"cmpccxadd\0"
	"andn\0"
	"blsr\0"
	"blsmsk\0"
	"blsi\0"
	"bzhi\0"
	"pext\0"
	"pdep\0"
	"mulx\0"
	"bmi\0"
	"kshift\0"
	"fma4\0"
	"rorx\0"
	"avx512\0"
	"avx512fp16\0"
	"tbm\0"
	"llwpcb\0"
	"slwpcb\0"
	"bextr\0"
	"lwpins\0"
	"lwpval\0"
	"pi2fw\0"
	"pi2fd\0"
	"pf2iw\0"
	"pf2id\0"
	"pfnacc\0"
	"pfpnacc\0"
	"pfcmpge\0"
	"pfmin\0"
	"pfrcp\0"
	"pfrsqrt\0"
	"pfsub\0"
	"pfadd\0"
	"pfcmpgt\0"
	"pfmax\0"
	"pfrcpit1\0"
	"pfrsqit1\0"
	"pfsubr\0"
	"pfacc\0"
	"pfcmpeq\0"
	"pfmul\0"
	"pfrcpit2\0"
	"pmulhrw\0"
	"pswapd\0"
	"pavgusb\0"
	;

static const struct insn_attr insn_attrs[592] = {
	{ INSN_F_INVALID, INSN_I_NONE, INSN_I_NONE, 0 },	/* invalid */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 8 },	/* add */
	{ 0, INSN_I_B, INSN_I_NONE, 8 },	/* add */
	{ 0, INSN_I_Z, INSN_I_NONE, 8 },	/* add */
	{ 0, INSN_I_NONE, INSN_I_NONE, 12 },	/* push */
	{ 0, INSN_I_NONE, INSN_I_NONE, 17 },	/* pop */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 21 },	/* or */
	{ 0, INSN_I_B, INSN_I_NONE, 21 },	/* or */
	{ 0, INSN_I_Z, INSN_I_NONE, 21 },	/* or */
	{ 0, INSN_I_NONE, INSN_I_NONE, 24 },	/* escape */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 31 },	/* adc */
	{ 0, INSN_I_B, INSN_I_NONE, 31 },	/* adc */
	{ 0, INSN_I_Z, INSN_I_NONE, 31 },	/* adc */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 35 },	/* sbb */
	{ 0, INSN_I_B, INSN_I_NONE, 35 },	/* sbb */
	{ 0, INSN_I_Z, INSN_I_NONE, 35 },	/* sbb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 39 },	/* and */
	{ 0, INSN_I_B, INSN_I_NONE, 39 },	/* and */
	{ 0, INSN_I_Z, INSN_I_NONE, 39 },	/* and */
	{ 0, INSN_I_NONE, INSN_I_NONE, 43 },	/* prefix */
	{ 0, INSN_I_NONE, INSN_I_NONE, 50 },	/* daa */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 54 },	/* sub */
	{ 0, INSN_I_B, INSN_I_NONE, 54 },	/* sub */
	{ 0, INSN_I_Z, INSN_I_NONE, 54 },	/* sub */
	{ 0, INSN_I_NONE, INSN_I_NONE, 58 },	/* das */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 62 },	/* xor */
	{ 0, INSN_I_B, INSN_I_NONE, 62 },	/* xor */
	{ 0, INSN_I_Z, INSN_I_NONE, 62 },	/* xor */
	{ 0, INSN_I_NONE, INSN_I_NONE, 66 },	/* aaa */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 70 },	/* cmp */
	{ 0, INSN_I_B, INSN_I_NONE, 70 },	/* cmp */
	{ 0, INSN_I_Z, INSN_I_NONE, 70 },	/* cmp */
	{ 0, INSN_I_NONE, INSN_I_NONE, 74 },	/* aas */
	{ 0, INSN_I_NONE, INSN_I_NONE, 78 },	/* inc */
	{ 0, INSN_I_NONE, INSN_I_NONE, 82 },	/* dec */
	{ 0, INSN_I_NONE, INSN_I_NONE, 86 },	/* pusha */
	{ 0, INSN_I_NONE, INSN_I_NONE, 92 },	/* popa */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 97 },	/* bound */
	{ INSN_F_INVALID | INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 0 },	/* invalid */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 103 },	/* arpl */
	{ 0, INSN_I_Z, INSN_I_NONE, 12 },	/* push */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 108 },	/* imul */
	{ 0, INSN_I_B, INSN_I_NONE, 12 },	/* push */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 108 },	/* imul */
	{ 0, INSN_I_NONE, INSN_I_NONE, 113 },	/* insb */
	{ 0, INSN_I_NONE, INSN_I_NONE, 118 },	/* insd */
	{ 0, INSN_I_NONE, INSN_I_NONE, 123 },	/* outsb */
	{ 0, INSN_I_NONE, INSN_I_NONE, 129 },	/* outsd */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 135 },	/* jo */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 138 },	/* jno */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 142 },	/* jb */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 145 },	/* jae */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 149 },	/* je */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 152 },	/* jne */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 156 },	/* jbe */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 160 },	/* ja */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 163 },	/* js */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 166 },	/* jns */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 170 },	/* jp */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 173 },	/* jnp */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 177 },	/* jl */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 180 },	/* jge */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 184 },	/* jle */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 188 },	/* jg */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 8 },	/* add */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 21 },	/* or */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 31 },	/* adc */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 35 },	/* sbb */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 39 },	/* and */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 54 },	/* sub */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 62 },	/* xor */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 70 },	/* cmp */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 8 },	/* add */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 21 },	/* or */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 31 },	/* adc */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 35 },	/* sbb */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 39 },	/* and */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 54 },	/* sub */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 62 },	/* xor */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 70 },	/* cmp */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 191 },	/* test */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 196 },	/* xchg */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 201 },	/* mov */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 205 },	/* lea */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 17 },	/* pop */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 209 },	/* xop */
	{ 0, INSN_I_NONE, INSN_I_NONE, 213 },	/* nop */
	{ 0, INSN_I_NONE, INSN_I_NONE, 217 },	/* pause */
	{ 0, INSN_I_NONE, INSN_I_NONE, 196 },	/* xchg */
	{ 0, INSN_I_NONE, INSN_I_NONE, 223 },	/* cwde */
	{ 0, INSN_I_NONE, INSN_I_NONE, 228 },	/* cdq */
	{ INSN_F_CALL | INSN_F_FAR, INSN_I_A, INSN_I_NONE, 232 },	/* lcall */
	{ 0, INSN_I_NONE, INSN_I_NONE, 238 },	/* fwait */
	{ 0, INSN_I_NONE, INSN_I_NONE, 244 },	/* pushf */
	{ 0, INSN_I_NONE, INSN_I_NONE, 250 },	/* popf */
	{ 0, INSN_I_NONE, INSN_I_NONE, 255 },	/* sahf */
	{ 0, INSN_I_NONE, INSN_I_NONE, 260 },	/* lahf */
	{ 0, INSN_I_O, INSN_I_NONE, 201 },	/* mov */
	{ 0, INSN_I_NONE, INSN_I_NONE, 265 },	/* movsb */
	{ 0, INSN_I_NONE, INSN_I_NONE, 271 },	/* movsd */
	{ 0, INSN_I_NONE, INSN_I_NONE, 277 },	/* cmpsb */
	{ 0, INSN_I_NONE, INSN_I_NONE, 283 },	/* cmpsd */
	{ 0, INSN_I_B, INSN_I_NONE, 191 },	/* test */
	{ 0, INSN_I_Z, INSN_I_NONE, 191 },	/* test */
	{ 0, INSN_I_NONE, INSN_I_NONE, 289 },	/* stosb */
	{ 0, INSN_I_NONE, INSN_I_NONE, 295 },	/* stosd */
	{ 0, INSN_I_NONE, INSN_I_NONE, 301 },	/* lodsb */
	{ 0, INSN_I_NONE, INSN_I_NONE, 307 },	/* lodsd */
	{ 0, INSN_I_NONE, INSN_I_NONE, 313 },	/* scasb */
	{ 0, INSN_I_NONE, INSN_I_NONE, 319 },	/* scasd */
	{ 0, INSN_I_B, INSN_I_NONE, 201 },	/* mov */
	{ 0, INSN_I_Z, INSN_I_NONE, 201 },	/* mov */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 325 },	/* rol */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 329 },	/* ror */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 333 },	/* rcl */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 337 },	/* rcr */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 341 },	/* shl */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 345 },	/* shr */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 349 },	/* sal */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 353 },	/* sar */
	{ INSN_F_RET, INSN_I_W, INSN_I_NONE, 357 },	/* ret */
	{ INSN_F_RET, INSN_I_NONE, INSN_I_NONE, 357 },	/* ret */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 361 },	/* les */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 365 },	/* lds */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 201 },	/* mov */
	{ INSN_F_INVALID | INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 0 },	/* invalid */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 369 },	/* xabort */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 201 },	/* mov */
	{ INSN_F_INVALID | INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 0 },	/* invalid */
	{ INSN_F_MODRM | INSN_F_REL | INSN_F_XBEGIN, INSN_I_JZ, INSN_I_NONE, 376 },	/* xbegin */
	{ 0, INSN_I_W, INSN_I_B, 383 },	/* enter */
	{ 0, INSN_I_NONE, INSN_I_NONE, 389 },	/* leave */
	{ INSN_F_FAR | INSN_F_RET, INSN_I_W, INSN_I_NONE, 395 },	/* lret */
	{ INSN_F_FAR | INSN_F_RET, INSN_I_NONE, INSN_I_NONE, 395 },	/* lret */
	{ INSN_F_INT, INSN_I_NONE, INSN_I_NONE, 400 },	/* int3 */
	{ INSN_F_INT, INSN_I_B, INSN_I_NONE, 405 },	/* int */
	{ INSN_F_INT, INSN_I_NONE, INSN_I_NONE, 409 },	/* into */
	{ INSN_F_IRET | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 414 },	/* iret */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 325 },	/* rol */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 329 },	/* ror */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 333 },	/* rcl */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 337 },	/* rcr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 341 },	/* shl */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 345 },	/* shr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 349 },	/* sal */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 353 },	/* sar */
	{ 0, INSN_I_B, INSN_I_NONE, 419 },	/* aam */
	{ 0, INSN_I_B, INSN_I_NONE, 423 },	/* aad */
	{ 0, INSN_I_NONE, INSN_I_NONE, 427 },	/* xlat */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 432 },	/* x87 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 436 },	/* fxch */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 441 },	/* frstpm */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 448 },	/* fucomp */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 455 },	/* fcompp */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 462 },	/* fnstsw */
	{ INSN_F_LOOP | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 469 },	/* loopne */
	{ INSN_F_LOOP | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 476 },	/* loope */
	{ INSN_F_LOOP | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 482 },	/* loop */
	{ INSN_F_LOOP | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 487 },	/* jecxz */
	{ 0, INSN_I_B, INSN_I_NONE, 493 },	/* in */
	{ 0, INSN_I_B, INSN_I_NONE, 496 },	/* out */
	{ INSN_F_CALL | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 500 },	/* call */
	{ INSN_F_JMP | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 505 },	/* jmp */
	{ INSN_F_FAR | INSN_F_JMP, INSN_I_A, INSN_I_NONE, 509 },	/* ljmp */
	{ INSN_F_JMP | INSN_F_REL, INSN_I_JB, INSN_I_NONE, 505 },	/* jmp */
	{ 0, INSN_I_NONE, INSN_I_NONE, 493 },	/* in */
	{ 0, INSN_I_NONE, INSN_I_NONE, 496 },	/* out */
	{ INSN_F_INT, INSN_I_NONE, INSN_I_NONE, 514 },	/* int1 */
	{ INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 519 },	/* hlt */
	{ 0, INSN_I_NONE, INSN_I_NONE, 523 },	/* cmc */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 191 },	/* test */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 527 },	/* not */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 531 },	/* neg */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 535 },	/* mul */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 108 },	/* imul */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 539 },	/* div */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 543 },	/* idiv */
	{ INSN_F_MODRM, INSN_I_Z, INSN_I_NONE, 191 },	/* test */
	{ 0, INSN_I_NONE, INSN_I_NONE, 548 },	/* clc */
	{ 0, INSN_I_NONE, INSN_I_NONE, 552 },	/* stc */
	{ 0, INSN_I_NONE, INSN_I_NONE, 556 },	/* cli */
	{ 0, INSN_I_NONE, INSN_I_NONE, 560 },	/* sti */
	{ 0, INSN_I_NONE, INSN_I_NONE, 564 },	/* cld */
	{ 0, INSN_I_NONE, INSN_I_NONE, 568 },	/* std */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 78 },	/* inc */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 82 },	/* dec */
	{ INSN_F_ICALL | INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 500 },	/* call */
	{ INSN_F_FAR | INSN_F_ICALL | INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 232 },	/* lcall */
	{ INSN_F_IJMP | INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 505 },	/* jmp */
	{ INSN_F_FAR | INSN_F_IJMP | INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 509 },	/* ljmp */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 12 },	/* push */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 572 },	/* sldt */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 577 },	/* str */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 581 },	/* lldt */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 586 },	/* ltr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 590 },	/* verr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 595 },	/* verw */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 600 },	/* sgdt */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 605 },	/* sidt */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 610 },	/* lgdt */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 615 },	/* lidt */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 620 },	/* smsw */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 625 },	/* rstorssp */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 634 },	/* lmsw */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 639 },	/* invlpg */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 646 },	/* enclv */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 652 },	/* vmcall */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 659 },	/* vmlaunch */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 668 },	/* vmresume */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 677 },	/* vmxoff */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 684 },	/* pconfig */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 692 },	/* wrmsrns */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 700 },	/* monitor */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 708 },	/* mwait */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 714 },	/* clac */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 719 },	/* stac */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 724 },	/* encls */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 730 },	/* xgetbv */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 737 },	/* xsetbv */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 744 },	/* vmfunc */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 751 },	/* xend */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 756 },	/* xtest */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 762 },	/* enclu */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 768 },	/* svm */
	{ INSN_F_MODRM | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 772 },	/* serialize */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 782 },	/* saveprevssp */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 794 },	/* rdpkru */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 801 },	/* wrpkru */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 808 },	/* rdtscp */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 815 },	/* monitorx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 824 },	/* mwaitx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 831 },	/* clzero */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 838 },	/* rdpru */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 844 },	/* invlpgb */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 852 },	/* tlbsync */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 860 },	/* tdcall */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 867 },	/* setssbsy */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 876 },	/* xsusldtrk */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 886 },	/* xresldtrk */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 896 },	/* lar */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 900 },	/* lsl */
	{ 0, INSN_I_NONE, INSN_I_NONE, 904 },	/* syscall */
	{ INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 912 },	/* clts */
	{ INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 917 },	/* sysret */
	{ INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 924 },	/* invd */
	{ INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 929 },	/* wbinvd */
	{ INSN_F_UD, INSN_I_NONE, INSN_I_NONE, 936 },	/* ud2 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 940 },	/* prefetch */
	{ 0, INSN_I_NONE, INSN_I_NONE, 949 },	/* femms */
	{ INSN_F_MODRM | INSN_F_SUFFIX, INSN_I_B, INSN_I_NONE, 955 },	/* 3dnow */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 961 },	/* movups */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 968 },	/* movupd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 975 },	/* movss */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 271 },	/* movsd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 981 },	/* movlps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 988 },	/* movhlps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 996 },	/* movlpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1003 },	/* movsldup */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1012 },	/* movddup */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1020 },	/* unpcklps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1029 },	/* unpcklpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1038 },	/* unpckhps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1047 },	/* unpckhpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1056 },	/* movhps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1063 },	/* movlhps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1071 },	/* movhpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1078 },	/* movshdup */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1087 },	/* prefetchnta */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1099 },	/* prefetcht0 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1110 },	/* prefetcht1 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1121 },	/* prefetcht2 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1132 },	/* nopl */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1137 },	/* bndx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1142 },	/* endbr64 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1150 },	/* endbr32 */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_REGONLY, INSN_I_NONE, INSN_I_NONE, 201 },	/* mov */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_REGONLY | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 201 },	/* mov */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1158 },	/* movaps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1165 },	/* movapd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1172 },	/* cvtpi2ps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1181 },	/* cvtpi2pd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1190 },	/* cvtsi2ss */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1199 },	/* cvtsi2sd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1208 },	/* movntps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1216 },	/* movntpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1224 },	/* movntss */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1232 },	/* movntsd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1240 },	/* cvttps2pi */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1250 },	/* cvttpd2pi */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1260 },	/* cvttss2si */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1270 },	/* cvttsd2si */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1280 },	/* cvtps2pi */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1289 },	/* cvtpd2pi */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1298 },	/* cvtss2si */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1307 },	/* cvtsd2si */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1316 },	/* ucomiss */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1324 },	/* ucomisd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1332 },	/* comiss */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1339 },	/* comisd */
	{ INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 1346 },	/* wrmsr */
	{ 0, INSN_I_NONE, INSN_I_NONE, 1352 },	/* rdtsc */
	{ INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 1358 },	/* rdmsr */
	{ 0, INSN_I_NONE, INSN_I_NONE, 1364 },	/* rdpmc */
	{ 0, INSN_I_NONE, INSN_I_NONE, 1370 },	/* sysenter */
	{ INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 1379 },	/* sysexit */
	{ 0, INSN_I_NONE, INSN_I_NONE, 1387 },	/* getsec */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1394 },	/* cmovo */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1400 },	/* cmovno */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1407 },	/* cmovb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1413 },	/* cmovae */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1420 },	/* cmove */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1426 },	/* cmovne */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1433 },	/* cmovbe */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1440 },	/* cmova */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1446 },	/* cmovs */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1452 },	/* cmovns */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1459 },	/* cmovp */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1465 },	/* cmovnp */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1472 },	/* cmovl */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1478 },	/* cmovge */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1485 },	/* cmovle */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1492 },	/* cmovg */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1498 },	/* movmskps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1507 },	/* movmskpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1516 },	/* sqrtps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1523 },	/* sqrtpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1530 },	/* sqrtss */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1537 },	/* sqrtsd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1544 },	/* rsqrtps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1552 },	/* rsqrtss */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1560 },	/* rcpps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1566 },	/* rcpss */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1572 },	/* andps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1578 },	/* andpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1584 },	/* andnps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1591 },	/* andnpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1598 },	/* orps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1603 },	/* orpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1608 },	/* xorps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1614 },	/* xorpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1620 },	/* add_sse */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1628 },	/* mul_sse */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1636 },	/* cvt_sse */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1644 },	/* cvtdq2ps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1653 },	/* cvtps2dq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1662 },	/* cvttps2dq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1672 },	/* sub_sse */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1680 },	/* min_sse */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1688 },	/* div_sse */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1696 },	/* max_sse */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1704 },	/* mmx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1708 },	/* sse2_int */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1717 },	/* punpcklqdq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1728 },	/* punpckhqdq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1739 },	/* movd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1744 },	/* movq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1749 },	/* movdqa */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1756 },	/* movdqu */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1763 },	/* pshufw */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1770 },	/* pshufd */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1777 },	/* pshufhw */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1785 },	/* pshuflw */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1793 },	/* psrlw */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1799 },	/* psraw */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1805 },	/* psllw */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1811 },	/* psrld */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1817 },	/* psrad */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1823 },	/* pslld */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1829 },	/* psrlq */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1835 },	/* psllq */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1841 },	/* psrldq */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1848 },	/* pslldq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1855 },	/* pcmpeqb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1863 },	/* pcmpeqw */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1871 },	/* pcmpeqd */
	{ 0, INSN_I_NONE, INSN_I_NONE, 1879 },	/* emms */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 1884 },	/* vmread */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_B, 1891 },	/* extrq */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_B, 1897 },	/* insertq */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 1905 },	/* vmwrite */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1891 },	/* extrq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1897 },	/* insertq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1913 },	/* haddpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1920 },	/* haddps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1927 },	/* hsubpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1934 },	/* hsubps */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 135 },	/* jo */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 138 },	/* jno */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 142 },	/* jb */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 145 },	/* jae */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 149 },	/* je */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 152 },	/* jne */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 156 },	/* jbe */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 160 },	/* ja */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 163 },	/* js */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 166 },	/* jns */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 170 },	/* jp */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 173 },	/* jnp */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 177 },	/* jl */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 180 },	/* jge */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 184 },	/* jle */
	{ INSN_F_JCC | INSN_F_REL, INSN_I_JZ, INSN_I_NONE, 188 },	/* jg */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1941 },	/* setcc */
	{ INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 1947 },	/* cpuid */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1953 },	/* bt */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1956 },	/* shld */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1956 },	/* shld */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1961 },	/* montmul */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1969 },	/* xsha1 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1975 },	/* xsha256 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1983 },	/* xstore */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 1990 },	/* xcryptecb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2000 },	/* xcryptcbc */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2010 },	/* xcryptctr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2020 },	/* xcryptcfb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2030 },	/* xcryptofb */
	{ INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 2040 },	/* rsm */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2044 },	/* bts */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2048 },	/* shrd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2048 },	/* shrd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2053 },	/* fxsave */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2060 },	/* fxrstor */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2068 },	/* ldmxcsr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2076 },	/* stmxcsr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2084 },	/* xsave */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2090 },	/* xrstor */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2097 },	/* xsaveopt */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2106 },	/* clflush */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2114 },	/* lfence */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2121 },	/* mfence */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2128 },	/* sfence */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2135 },	/* clwb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2140 },	/* clflushopt */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2151 },	/* tpause */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2158 },	/* ptwrite */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2166 },	/* clrssbsy */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2175 },	/* incsspd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2183 },	/* umonitor */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2192 },	/* umwait */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2199 },	/* cmpxchg */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2207 },	/* lss */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2211 },	/* btr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2215 },	/* lfs */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2219 },	/* lgs */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2223 },	/* movzx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2229 },	/* popcnt */
	{ INSN_F_MODRM | INSN_F_UD, INSN_I_NONE, INSN_I_NONE, 2236 },	/* ud1 */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 1953 },	/* bt */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2044 },	/* bts */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2211 },	/* btr */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2240 },	/* btc */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2240 },	/* btc */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2244 },	/* bsf */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2248 },	/* tzcnt */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2254 },	/* bsr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2258 },	/* lzcnt */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2264 },	/* movsx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2270 },	/* xadd */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2275 },	/* cmp_sse */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2283 },	/* movnti */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2290 },	/* pinsrw */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2297 },	/* pextrw */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2304 },	/* shufps */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2311 },	/* shufpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2318 },	/* cmpxchg8b */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2328 },	/* xrstors */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2336 },	/* xsavec */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2343 },	/* xsaves */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2350 },	/* vmptrld */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2358 },	/* vmptrst */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2366 },	/* rdrand */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2373 },	/* rdseed */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2380 },	/* vmclear */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2388 },	/* vmxon */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2394 },	/* rdpid */
	{ 0, INSN_I_NONE, INSN_I_NONE, 2400 },	/* bswap */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2406 },	/* addsubpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2415 },	/* addsubps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2424 },	/* movq2dq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2432 },	/* movdq2q */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2440 },	/* pmovmskb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2449 },	/* cvttpd2dq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2459 },	/* cvtdq2pd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2468 },	/* cvtpd2dq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2477 },	/* movntq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2484 },	/* movntdq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2492 },	/* lddqu */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2498 },	/* maskmovq */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2507 },	/* maskmovdqu */
	{ INSN_F_MODRM | INSN_F_UD, INSN_I_NONE, INSN_I_NONE, 2518 },	/* ud0 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2522 },	/* ssse3 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2528 },	/* pblendvb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2537 },	/* blendvps */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2546 },	/* blendvpd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2555 },	/* ptest */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2561 },	/* pabs */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2566 },	/* pmovsx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2573 },	/* sse4_1 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2580 },	/* pmovzx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2587 },	/* sse4 */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 2592 },	/* invept */
	{ INSN_F_MODRM | INSN_F_PRIV | INSN_F_SER, INSN_I_NONE, INSN_I_NONE, 2599 },	/* invvpid */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2607 },	/* invpcid */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2615 },	/* sha */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2619 },	/* gf2p8mulb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2629 },	/* aeswidekl */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2639 },	/* aes */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2643 },	/* aeskl */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2649 },	/* loadiwkey */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2659 },	/* movbe */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2665 },	/* crc32 */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2671 },	/* wrussd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2678 },	/* wrssd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2684 },	/* adcx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2689 },	/* adox */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2694 },	/* movdir64b */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2704 },	/* enqcmds */
	{ INSN_F_MODRM | INSN_F_PRIV, INSN_I_NONE, INSN_I_NONE, 2712 },	/* enqcmd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2719 },	/* movdiri */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2727 },	/* encodekey128 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2740 },	/* encodekey256 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2753 },	/* rao_int */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2573 },	/* sse4_1 */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2761 },	/* palignr */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2769 },	/* pclmulqdq */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2779 },	/* pcmpstr */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2787 },	/* sha1rnds4 */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2797 },	/* gf2p8affine */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2809 },	/* aeskeygenassist */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2825 },	/* hreset */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2832 },	/* avx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2836 },	/* kop */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2832 },	/* avx */
	{ 0, INSN_I_NONE, INSN_I_NONE, 2840 },	/* vzero */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2846 },	/* kmov */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2851 },	/* vldmxcsr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2860 },	/* vstmxcsr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2869 },	/* avx_vnni */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2878 },	/* avx_ne */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2885 },	/* avx_gather */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2896 },	/* fma */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2900 },	/* avx_ifma */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2909 },	/* sm3 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2913 },	/* cmpccxadd */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2923 },	/* andn */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2928 },	/* blsr */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2933 },	/* blsmsk */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2940 },	/* blsi */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2945 },	/* bzhi */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2950 },	/* pext */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2955 },	/* pdep */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2960 },	/* mulx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2965 },	/* bmi */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2969 },	/* kshift */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2976 },	/* fma4 */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2909 },	/* sm3 */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2981 },	/* rorx */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2986 },	/* avx512 */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 2986 },	/* avx512 */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 2993 },	/* avx512fp16 */
	{ INSN_F_MODRM, INSN_I_B, INSN_I_NONE, 209 },	/* xop */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 3004 },	/* tbm */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 3008 },	/* llwpcb */
	{ INSN_F_MODRM, INSN_I_NONE, INSN_I_NONE, 3015 },	/* slwpcb */
	{ INSN_F_INVALID | INSN_F_MODRM, INSN_I_D, INSN_I_NONE, 0 },	/* invalid */
	{ INSN_F_MODRM, INSN_I_D, INSN_I_NONE, 3022 },	/* bextr */
	{ INSN_F_MODRM, INSN_I_D, INSN_I_NONE, 3028 },	/* lwpins */
	{ INSN_F_MODRM, INSN_I_D, INSN_I_NONE, 3035 },	/* lwpval */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3042 },	/* pi2fw */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3048 },	/* pi2fd */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3054 },	/* pf2iw */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3060 },	/* pf2id */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3066 },	/* pfnacc */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3073 },	/* pfpnacc */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3081 },	/* pfcmpge */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3089 },	/* pfmin */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3095 },	/* pfrcp */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3101 },	/* pfrsqrt */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3109 },	/* pfsub */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3115 },	/* pfadd */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3121 },	/* pfcmpgt */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3129 },	/* pfmax */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3135 },	/* pfrcpit1 */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3144 },	/* pfrsqit1 */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3153 },	/* pfsubr */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3160 },	/* pfacc */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3166 },	/* pfcmpeq */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3174 },	/* pfmul */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3180 },	/* pfrcpit2 */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3189 },	/* pmulhrw */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3197 },	/* pswapd */
	{ 0, INSN_I_NONE, INSN_I_NONE, 3204 },	/* pavgusb */
};

static const uint16_t insn_sel[5714] = {
	37, 38, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77,
	78, 79, 64, 65, 66, 67, 68, 69, 70, 71, 64, 65, 66, 67, 68, 69,
	70, 71, 83, 38, 84, 85, 85, 85, 85, 85, 85, 85, 86, 86, 87, 86,
	112, 113, 114, 115, 116, 117, 118, 119, 112, 113, 114, 115, 116, 117, 118, 119,
	122, 38, 123, 38, 124, 124, 124, 124, 124, 124, 124, 124, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 124, 124, 124, 124, 124, 124, 124, 124, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 126, 125, 125, 125,
	125, 125, 125, 125, 127, 127, 127, 127, 127, 127, 127, 127, 128, 128, 128, 128,
	128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128,
	128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128,
	128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128,
	128, 128, 128, 128, 127, 127, 127, 127, 127, 127, 127, 127, 128, 128, 128, 128,
	128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128,
	128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128,
	128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 129, 128, 128, 128,
	128, 128, 128, 128, 138, 139, 140, 141, 142, 143, 144, 145, 138, 139, 140, 141,
	142, 143, 144, 145, 138, 139, 140, 141, 142, 143, 144, 145, 138, 139, 140, 141,
	142, 143, 144, 145, 149, 149, 149, 149, 149, 149, 149, 149, 38, 38, 38, 38,
	38, 38, 38, 38, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 150, 150, 150, 150,
	150, 150, 150, 150, 149, 38, 38, 38, 38, 38, 38, 38, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 38, 38, 149, 149, 38, 38, 149, 149, 149, 149,
	149, 149, 149, 38, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 38, 38, 38, 38, 38, 38, 38, 38, 38, 149, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 38, 38, 38, 38, 38, 38, 38, 38, 149, 149, 149, 149,
	149, 149, 149, 149, 38, 38, 38, 38, 38, 38, 38, 38, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 151, 38, 38, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 38, 38, 38, 38,
	38, 38, 38, 38, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 38, 38,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 38, 149, 149, 149, 38, 149, 149,
	149, 152, 38, 38, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 38, 38, 38, 38, 38, 38, 38, 38, 38, 153, 38, 38,
	38, 38, 38, 38, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 154, 38, 38, 38, 38, 38, 38, 38, 149, 149, 149, 149,
	149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 149, 38, 38, 38, 38,
	38, 38, 38, 38, 170, 170, 171, 172, 173, 174, 175, 176, 177, 177, 171, 172,
	173, 174, 175, 176, 184, 185, 38, 38, 38, 38, 38, 38, 184, 185, 186, 187,
	188, 189, 190, 38, 184, 185, 186, 38, 188, 38, 190, 38, 191, 192, 193, 194,
	195, 196, 38, 38, 197, 197, 197, 197, 197, 197, 197, 197, 198, 198, 198, 198,
	198, 198, 198, 198, 199, 199, 199, 199, 199, 199, 199, 199, 200, 200, 200, 200,
	200, 200, 200, 200, 201, 201, 201, 201, 201, 201, 201, 201, 202, 202, 202, 202,
	202, 202, 202, 202, 203, 203, 203, 203, 203, 203, 203, 203, 204, 204, 204, 204,
	204, 204, 204, 204, 205, 206, 207, 208, 209, 210, 211, 38, 212, 213, 214, 215,
	38, 38, 38, 216, 217, 218, 38, 38, 219, 220, 221, 222, 223, 223, 223, 223,
	223, 223, 223, 223, 201, 201, 201, 201, 201, 201, 201, 201, 224, 38, 225, 38,
	38, 38, 226, 227, 203, 203, 203, 203, 203, 203, 203, 203, 38, 228, 229, 230,
	231, 232, 233, 234, 197, 197, 197, 197, 197, 197, 197, 197, 198, 198, 198, 198,
	198, 198, 198, 198, 199, 199, 199, 199, 199, 199, 199, 199, 200, 200, 200, 200,
	200, 200, 200, 200, 201, 201, 201, 201, 201, 201, 201, 201, 202, 202, 202, 202,
	202, 202, 202, 202, 203, 203, 203, 203, 203, 203, 203, 203, 204, 204, 204, 204,
	204, 204, 204, 204, 205, 206, 207, 208, 209, 210, 211, 38, 212, 213, 214, 215,
	235, 38, 38, 216, 217, 218, 38, 38, 219, 220, 221, 222, 223, 223, 223, 223,
	223, 223, 223, 223, 201, 201, 201, 201, 201, 201, 201, 201, 224, 38, 225, 38,
	38, 38, 226, 227, 203, 203, 203, 203, 203, 203, 203, 203, 38, 228, 229, 230,
	231, 232, 233, 234, 197, 197, 197, 197, 197, 197, 197, 197, 198, 198, 198, 198,
	198, 198, 198, 198, 199, 199, 199, 199, 199, 199, 199, 199, 200, 200, 200, 200,
	200, 200, 200, 200, 201, 201, 201, 201, 201, 201, 201, 201, 202, 202, 202, 202,
	202, 202, 202, 202, 203, 203, 203, 203, 203, 203, 203, 203, 204, 204, 204, 204,
	204, 204, 204, 204, 205, 206, 207, 208, 209, 210, 211, 38, 212, 213, 214, 215,
	38, 38, 38, 216, 217, 218, 38, 38, 219, 220, 221, 222, 223, 223, 223, 223,
	223, 223, 223, 223, 201, 201, 201, 201, 201, 201, 201, 201, 236, 38, 225, 38,
	38, 38, 226, 227, 203, 203, 203, 203, 203, 203, 203, 203, 38, 228, 229, 230,
	231, 232, 233, 234, 197, 197, 197, 197, 197, 197, 197, 197, 198, 198, 198, 198,
	198, 198, 198, 198, 199, 199, 199, 199, 199, 199, 199, 199, 200, 200, 200, 200,
	200, 200, 200, 200, 201, 201, 201, 201, 201, 201, 201, 201, 202, 202, 202, 202,
	202, 202, 202, 202, 203, 203, 203, 203, 203, 203, 203, 203, 204, 204, 204, 204,
	204, 204, 204, 204, 205, 206, 207, 208, 209, 210, 211, 38, 212, 213, 214, 215,
	38, 38, 38, 216, 217, 218, 38, 38, 219, 220, 221, 222, 223, 223, 223, 223,
	223, 223, 223, 223, 201, 201, 201, 201, 201, 201, 201, 201, 237, 238, 225, 38,
	38, 38, 226, 227, 203, 203, 203, 203, 203, 203, 203, 203, 38, 228, 229, 230,
	231, 232, 233, 234, 247, 38, 250, 251, 252, 253, 250, 251, 252, 253, 254, 255,
	256, 38, 257, 257, 258, 258, 254, 38, 256, 38, 38, 38, 38, 38, 259, 260,
	38, 38, 261, 262, 38, 38, 263, 264, 265, 38, 266, 266, 38, 38, 263, 38,
	265, 38, 38, 38, 38, 38, 267, 268, 269, 270, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	273, 274, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271, 271,
	271, 271, 271, 271, 271, 271, 277, 278, 38, 38, 277, 278, 38, 38, 279, 280,
	281, 282, 283, 38, 284, 38, 285, 38, 286, 38, 287, 288, 289, 290, 291, 292,
	293, 294, 295, 296, 38, 38, 297, 298, 38, 38, 38, 322, 38, 323, 38, 38,
	38, 38, 324, 325, 326, 327, 328, 38, 329, 38, 330, 38, 331, 38, 332, 333,
	38, 38, 334, 335, 38, 38, 336, 337, 38, 38, 338, 339, 38, 38, 343, 344,
	345, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351,
	38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351,
	38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351,
	38, 38, 38, 352, 38, 38, 38, 353, 38, 38, 354, 354, 38, 38, 355, 356,
	357, 38, 358, 359, 360, 361, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	362, 125, 363, 125, 364, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	362, 125, 363, 125, 364, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	365, 125, 366, 125, 367, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	365, 125, 366, 125, 367, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	368, 125, 125, 125, 369, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	368, 370, 125, 125, 369, 371, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125, 125,
	125, 125, 125, 125, 125, 125, 372, 372, 38, 38, 373, 373, 38, 38, 374, 374,
	38, 38, 376, 376, 38, 377, 38, 38, 38, 378, 379, 379, 38, 380, 38, 38,
	38, 381, 38, 382, 38, 383, 38, 384, 38, 385, 354, 354, 355, 38, 355, 356,
	357, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 407, 38, 38, 38, 38, 38, 38, 38, 408, 38, 38, 38, 38, 38,
	38, 38, 409, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 410, 38, 38, 38, 38, 38, 38, 38, 411, 38, 38, 38, 38, 38,
	38, 38, 412, 38, 38, 38, 38, 38, 38, 38, 413, 38, 38, 38, 38, 38,
	38, 38, 414, 38, 38, 38, 38, 38, 38, 38, 415, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 420, 421, 422, 423, 424, 425, 426, 427, 38, 38, 38, 38, 38, 428,
	429, 430, 420, 421, 422, 423, 424, 425, 431, 432, 38, 38, 38, 38, 38, 428,
	433, 430, 420, 421, 422, 423, 434, 425, 435, 427, 38, 38, 38, 38, 434, 436,
	437, 430, 420, 421, 422, 423, 424, 425, 426, 427, 38, 38, 38, 38, 38, 428,
	438, 430, 440, 38, 442, 38, 443, 38, 38, 38, 445, 38, 125, 125, 125, 125,
	447, 448, 449, 450, 452, 452, 453, 452, 454, 454, 455, 454, 459, 38, 38, 38,
	38, 38, 38, 38, 460, 460, 125, 125, 125, 461, 125, 461, 125, 125, 125, 125,
	462, 463, 125, 125, 38, 464, 38, 465, 466, 467, 468, 469, 38, 38, 38, 38,
	38, 38, 470, 471, 38, 464, 38, 465, 466, 467, 472, 38, 38, 38, 38, 38,
	38, 38, 470, 471, 38, 464, 38, 465, 466, 467, 473, 38, 38, 38, 38, 38,
	38, 38, 470, 474, 38, 464, 38, 465, 466, 467, 38, 38, 38, 38, 38, 38,
	38, 38, 470, 471, 38, 476, 38, 477, 350, 351, 38, 38, 350, 351, 38, 38,
	350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 38, 38, 355, 355,
	38, 478, 38, 479, 38, 480, 38, 480, 38, 38, 38, 38, 350, 351, 38, 38,
	350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38,
	350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38,
	350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38,
	350, 351, 38, 38, 38, 481, 482, 483, 484, 38, 485, 38, 38, 38, 38, 38,
	350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38,
	350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38,
	38, 38, 38, 38, 38, 38, 486, 38, 350, 351, 38, 38, 350, 351, 38, 38,
	350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38,
	38, 487, 38, 488, 38, 38, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38,
	350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38, 350, 351, 38, 38,
	350, 351, 38, 38, 490, 490, 38, 38, 490, 490, 38, 38, 490, 490, 38, 38,
	490, 490, 38, 38, 490, 490, 38, 38, 490, 490, 38, 38, 490, 490, 38, 38,
	490, 490, 38, 38, 490, 490, 38, 38, 490, 490, 38, 38, 490, 490, 38, 38,
	490, 490, 38, 38, 38, 491, 38, 38, 38, 492, 38, 38, 38, 493, 38, 38,
	38, 494, 38, 38, 495, 495, 38, 38, 495, 495, 38, 38, 495, 495, 38, 38,
	38, 496, 38, 38, 38, 496, 38, 38, 38, 496, 38, 38, 38, 496, 38, 38,
	38, 496, 38, 38, 38, 496, 38, 38, 38, 497, 38, 38, 38, 497, 38, 38,
	38, 497, 38, 38, 38, 497, 38, 38, 38, 498, 38, 38, 38, 498, 38, 38,
	38, 498, 38, 38, 38, 498, 38, 38, 38, 498, 38, 38, 38, 498, 38, 38,
	38, 499, 38, 38, 38, 499, 38, 38, 38, 499, 38, 38, 38, 499, 38, 38,
	38, 499, 38, 38, 38, 499, 38, 38, 38, 499, 38, 38, 38, 499, 38, 38,
	38, 499, 38, 38, 38, 499, 38, 38, 38, 499, 38, 38, 38, 38, 500, 38,
	38, 38, 38, 38, 38, 38, 501, 38, 38, 38, 38, 38, 38, 38, 502, 38,
	38, 38, 38, 38, 503, 38, 38, 38, 503, 38, 38, 38, 503, 38, 38, 38,
	503, 38, 38, 38, 503, 38, 38, 38, 503, 38, 38, 38, 38, 504, 38, 38,
	38, 38, 38, 38, 505, 38, 38, 38, 38, 506, 38, 38, 38, 38, 506, 506,
	507, 508, 38, 38, 38, 38, 506, 506, 507, 38, 38, 38, 38, 38, 506, 506,
	507, 38, 38, 38, 38, 38, 506, 506, 507, 38, 38, 38, 509, 38, 509, 38,
	38, 38, 510, 510, 509, 38, 509, 38, 38, 38, 510, 510, 38, 38, 511, 38,
	38, 38, 38, 38, 512, 38, 513, 513, 514, 514, 38, 38, 38, 38, 515, 38,
	516, 38, 517, 38, 518, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 519, 38, 38, 38, 38, 38, 38, 38, 520, 38, 38, 521, 38, 125, 522,
	125, 125, 125, 522, 125, 125, 125, 522, 125, 125, 125, 522, 125, 125, 125, 522,
	125, 125, 125, 522, 125, 125, 125, 522, 125, 125, 523, 522, 125, 125, 125, 522,
	125, 125, 125, 522, 125, 125, 125, 522, 125, 125, 125, 522, 125, 125, 125, 522,
	125, 125, 125, 522, 125, 125, 125, 522, 125, 125, 125, 522, 125, 125, 125, 522,
	125, 125, 125, 522, 125, 125, 125, 524, 125, 125, 125, 525, 125, 125, 125, 525,
	125, 125, 125, 525, 125, 125, 125, 525, 125, 125, 526, 125, 125, 125, 125, 527,
	125, 125, 125, 527, 125, 125, 125, 528, 125, 125, 125, 125, 125, 125, 125, 529,
	125, 125, 530, 530, 38, 38, 530, 530, 38, 38, 530, 530, 38, 38, 530, 530,
	530, 38, 530, 530, 38, 38, 530, 530, 38, 38, 530, 530, 38, 38, 38, 38,
	530, 530, 530, 38, 530, 38, 38, 38, 38, 38, 38, 38, 530, 530, 38, 38,
	530, 530, 530, 530, 38, 38, 530, 530, 38, 38, 38, 531, 38, 531, 38, 38,
	38, 38, 38, 531, 38, 531, 38, 38, 38, 38, 38, 531, 38, 531, 38, 38,
	38, 38, 38, 531, 38, 531, 38, 38, 38, 38, 38, 531, 38, 531, 38, 38,
	38, 38, 38, 531, 38, 531, 38, 38, 38, 38, 38, 531, 38, 531, 38, 38,
	38, 38, 38, 531, 38, 531, 38, 38, 38, 38, 38, 530, 38, 530, 38, 38,
	38, 38, 530, 38, 530, 38, 530, 38, 530, 38, 530, 530, 38, 38, 530, 530,
	38, 38, 530, 530, 38, 38, 530, 530, 38, 38, 530, 530, 530, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 530, 38, 38, 532,
	532, 532, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 532, 38, 532, 38,
	532, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 532, 38, 532, 38,
	532, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 532, 532, 38, 38,
	532, 532, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 533, 0,
	0, 0, 38, 530, 38, 530, 38, 530, 38, 530, 38, 530, 530, 38, 38, 530,
	530, 38, 534, 534, 38, 38, 534, 38, 534, 38, 38, 38, 38, 38, 38, 534,
	38, 534, 38, 38, 38, 534, 38, 534, 38, 534, 38, 38, 38, 534, 38, 531,
	38, 531, 38, 38, 38, 38, 38, 531, 38, 531, 38, 38, 38, 38, 38, 38,
	535, 536, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 532,
	38, 38, 38, 38, 38, 532, 38, 38, 38, 38, 532, 532, 38, 38, 38, 530,
	38, 530, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 38, 38, 530, 38, 38,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 530, 530, 38, 38,
	530, 38, 38, 38, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 38, 38, 38, 38, 38, 530, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 38, 38, 530, 38, 38, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 38, 530, 38, 38, 38, 38, 38, 38, 38,
	530, 38, 38, 38, 38, 38, 38, 38, 530, 38, 38, 38, 38, 38, 38, 38,
	530, 38, 38, 38, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 38, 538, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 38, 530, 38, 38, 38, 38, 38, 38, 38, 530, 38, 38, 38,
	38, 38, 38, 38, 539, 38, 38, 38, 38, 38, 38, 38, 539, 38, 38, 38,
	38, 38, 38, 38, 539, 38, 38, 38, 38, 38, 38, 38, 539, 38, 38, 38,
	38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540,
	38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540,
	38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540,
	38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540,
	38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540,
	38, 38, 538, 38, 538, 38, 38, 541, 38, 38, 38, 541, 38, 38, 38, 540,
	38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540,
	38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540, 38, 38, 38, 540,
	38, 38, 38, 540, 38, 38, 38, 530, 38, 38, 38, 38, 38, 542, 38, 530,
	38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530, 38, 38, 38, 530,
	38, 38, 38, 38, 543, 38, 38, 38, 38, 38, 38, 38, 543, 38, 38, 38,
	38, 38, 38, 38, 543, 38, 38, 38, 38, 38, 38, 38, 543, 38, 38, 38,
	38, 38, 38, 38, 543, 38, 38, 38, 38, 38, 38, 38, 543, 38, 38, 38,
	38, 38, 38, 38, 543, 38, 38, 38, 38, 38, 38, 38, 543, 38, 38, 38,
	38, 38, 38, 38, 543, 38, 38, 38, 38, 38, 38, 38, 543, 38, 38, 38,
	38, 38, 38, 38, 543, 38, 38, 38, 38, 38, 38, 38, 543, 38, 38, 38,
	38, 38, 38, 38, 543, 38, 38, 38, 38, 38, 38, 38, 543, 38, 38, 38,
	38, 38, 38, 38, 543, 38, 38, 38, 38, 38, 38, 38, 543, 38, 38, 38,
	38, 38, 544, 38, 38, 38, 38, 545, 546, 547, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 548, 38, 549, 550, 38, 38, 38, 551, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 125,
	125, 553, 125, 125, 125, 125, 125, 125, 125, 553, 125, 125, 125, 125, 125, 125,
	125, 553, 125, 125, 125, 125, 125, 125, 125, 553, 125, 125, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 554,
	125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 532, 125, 125, 125, 554,
	125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 554,
	125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 554,
	125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 554,
	125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 554, 125, 125, 125, 532,
	125, 125, 125, 532, 125, 125, 125, 555, 125, 125, 125, 532, 125, 125, 125, 125,
	125, 556, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125,
	125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125,
	125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125,
	125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125,
	125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125,
	125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 560, 125,
	125, 125, 560, 125, 125, 125, 560, 125, 125, 125, 561, 38, 38, 38, 561, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 562, 563, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38,
	38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38,
	38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38,
	38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38,
	38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38,
	38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38,
	38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38,
	38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38,
	38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 85, 38, 38, 38, 565, 564,
	564, 564, 566, 567, 564, 564, 564, 564, 564, 564, 564, 564, 564, 564, 564, 564,
	564, 564, 564, 564, 564, 564, 564, 564, 564, 564, 564, 564, 564, 564, 564, 564,
	564, 564,
};

static const struct insn_op insn_map_onebyte[256] = {
	{ INSN_SP_NONE, 0x10, 1 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 1 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 1 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 1 },	/* 03 */
	{ INSN_SP_NONE, 0x00, 2 },	/* 04 */
	{ INSN_SP_NONE, 0x00, 3 },	/* 05 */
	{ INSN_SP_NONE, 0x00, 4 },	/* 06 */
	{ INSN_SP_NONE, 0x00, 5 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 6 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 6 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 6 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 6 },	/* 0b */
	{ INSN_SP_NONE, 0x00, 7 },	/* 0c */
	{ INSN_SP_NONE, 0x00, 8 },	/* 0d */
	{ INSN_SP_NONE, 0x00, 4 },	/* 0e */
	{ INSN_SP_ESC_0F, 0x00, 9 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 10 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 10 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 10 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 10 },	/* 13 */
	{ INSN_SP_NONE, 0x00, 11 },	/* 14 */
	{ INSN_SP_NONE, 0x00, 12 },	/* 15 */
	{ INSN_SP_NONE, 0x00, 4 },	/* 16 */
	{ INSN_SP_NONE, 0x00, 5 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 13 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 13 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 13 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 13 },	/* 1b */
	{ INSN_SP_NONE, 0x00, 14 },	/* 1c */
	{ INSN_SP_NONE, 0x00, 15 },	/* 1d */
	{ INSN_SP_NONE, 0x00, 4 },	/* 1e */
	{ INSN_SP_NONE, 0x00, 5 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 16 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 16 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 16 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 16 },	/* 23 */
	{ INSN_SP_NONE, 0x00, 17 },	/* 24 */
	{ INSN_SP_NONE, 0x00, 18 },	/* 25 */
	{ INSN_SP_PFX_SEG, 0x00, 19 },	/* 26 */
	{ INSN_SP_NONE, 0x00, 20 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 21 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 21 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 21 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 21 },	/* 2b */
	{ INSN_SP_NONE, 0x00, 22 },	/* 2c */
	{ INSN_SP_NONE, 0x00, 23 },	/* 2d */
	{ INSN_SP_PFX_SEG, 0x00, 19 },	/* 2e */
	{ INSN_SP_NONE, 0x00, 24 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 25 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 25 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 25 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 25 },	/* 33 */
	{ INSN_SP_NONE, 0x00, 26 },	/* 34 */
	{ INSN_SP_NONE, 0x00, 27 },	/* 35 */
	{ INSN_SP_PFX_SEG, 0x00, 19 },	/* 36 */
	{ INSN_SP_NONE, 0x00, 28 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 29 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 29 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 29 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 29 },	/* 3b */
	{ INSN_SP_NONE, 0x00, 30 },	/* 3c */
	{ INSN_SP_NONE, 0x00, 31 },	/* 3d */
	{ INSN_SP_PFX_SEG, 0x00, 19 },	/* 3e */
	{ INSN_SP_NONE, 0x00, 32 },	/* 3f */
	{ INSN_SP_NONE, 0x00, 33 },	/* 40 */
	{ INSN_SP_NONE, 0x00, 33 },	/* 41 */
	{ INSN_SP_NONE, 0x00, 33 },	/* 42 */
	{ INSN_SP_NONE, 0x00, 33 },	/* 43 */
	{ INSN_SP_NONE, 0x00, 33 },	/* 44 */
	{ INSN_SP_NONE, 0x00, 33 },	/* 45 */
	{ INSN_SP_NONE, 0x00, 33 },	/* 46 */
	{ INSN_SP_NONE, 0x00, 33 },	/* 47 */
	{ INSN_SP_NONE, 0x00, 34 },	/* 48 */
	{ INSN_SP_NONE, 0x00, 34 },	/* 49 */
	{ INSN_SP_NONE, 0x00, 34 },	/* 4a */
	{ INSN_SP_NONE, 0x00, 34 },	/* 4b */
	{ INSN_SP_NONE, 0x00, 34 },	/* 4c */
	{ INSN_SP_NONE, 0x00, 34 },	/* 4d */
	{ INSN_SP_NONE, 0x00, 34 },	/* 4e */
	{ INSN_SP_NONE, 0x00, 34 },	/* 4f */
	{ INSN_SP_NONE, 0x00, 4 },	/* 50 */
	{ INSN_SP_NONE, 0x00, 4 },	/* 51 */
	{ INSN_SP_NONE, 0x00, 4 },	/* 52 */
	{ INSN_SP_NONE, 0x00, 4 },	/* 53 */
	{ INSN_SP_NONE, 0x00, 4 },	/* 54 */
	{ INSN_SP_NONE, 0x00, 4 },	/* 55 */
	{ INSN_SP_NONE, 0x00, 4 },	/* 56 */
	{ INSN_SP_NONE, 0x00, 4 },	/* 57 */
	{ INSN_SP_NONE, 0x00, 5 },	/* 58 */
	{ INSN_SP_NONE, 0x00, 5 },	/* 59 */
	{ INSN_SP_NONE, 0x00, 5 },	/* 5a */
	{ INSN_SP_NONE, 0x00, 5 },	/* 5b */
	{ INSN_SP_NONE, 0x00, 5 },	/* 5c */
	{ INSN_SP_NONE, 0x00, 5 },	/* 5d */
	{ INSN_SP_NONE, 0x00, 5 },	/* 5e */
	{ INSN_SP_NONE, 0x00, 5 },	/* 5f */
	{ INSN_SP_NONE, 0x00, 35 },	/* 60 */
	{ INSN_SP_NONE, 0x00, 36 },	/* 61 */
	{ INSN_SP_EVEX, 0x12, 0 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 39 },	/* 63 */
	{ INSN_SP_PFX_SEG, 0x00, 19 },	/* 64 */
	{ INSN_SP_PFX_SEG, 0x00, 19 },	/* 65 */
	{ INSN_SP_PFX_OPSZ, 0x00, 19 },	/* 66 */
	{ INSN_SP_PFX_ADSZ, 0x00, 19 },	/* 67 */
	{ INSN_SP_NONE, 0x00, 40 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 41 },	/* 69 */
	{ INSN_SP_NONE, 0x00, 42 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 43 },	/* 6b */
	{ INSN_SP_NONE, 0x00, 44 },	/* 6c */
	{ INSN_SP_NONE, 0x00, 45 },	/* 6d */
	{ INSN_SP_NONE, 0x00, 46 },	/* 6e */
	{ INSN_SP_NONE, 0x00, 47 },	/* 6f */
	{ INSN_SP_NONE, 0x00, 48 },	/* 70 */
	{ INSN_SP_NONE, 0x00, 49 },	/* 71 */
	{ INSN_SP_NONE, 0x00, 50 },	/* 72 */
	{ INSN_SP_NONE, 0x00, 51 },	/* 73 */
	{ INSN_SP_NONE, 0x00, 52 },	/* 74 */
	{ INSN_SP_NONE, 0x00, 53 },	/* 75 */
	{ INSN_SP_NONE, 0x00, 54 },	/* 76 */
	{ INSN_SP_NONE, 0x00, 55 },	/* 77 */
	{ INSN_SP_NONE, 0x00, 56 },	/* 78 */
	{ INSN_SP_NONE, 0x00, 57 },	/* 79 */
	{ INSN_SP_NONE, 0x00, 58 },	/* 7a */
	{ INSN_SP_NONE, 0x00, 59 },	/* 7b */
	{ INSN_SP_NONE, 0x00, 60 },	/* 7c */
	{ INSN_SP_NONE, 0x00, 61 },	/* 7d */
	{ INSN_SP_NONE, 0x00, 62 },	/* 7e */
	{ INSN_SP_NONE, 0x00, 63 },	/* 7f */
	{ INSN_SP_NONE, 0x14, 2 },	/* 80 */
	{ INSN_SP_NONE, 0x14, 10 },	/* 81 */
	{ INSN_SP_NONE, 0x14, 18 },	/* 82 */
	{ INSN_SP_NONE, 0x14, 26 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 80 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 80 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 81 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 81 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 82 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 82 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 82 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 82 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 82 },	/* 8c */
	{ INSN_SP_NONE, 0x12, 34 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 82 },	/* 8e */
	{ INSN_SP_XOP, 0x14, 36 },	/* 8f */
	{ INSN_SP_NONE, 0x01, 44 },	/* 90 */
	{ INSN_SP_NONE, 0x00, 88 },	/* 91 */
	{ INSN_SP_NONE, 0x00, 88 },	/* 92 */
	{ INSN_SP_NONE, 0x00, 88 },	/* 93 */
	{ INSN_SP_NONE, 0x00, 88 },	/* 94 */
	{ INSN_SP_NONE, 0x00, 88 },	/* 95 */
	{ INSN_SP_NONE, 0x00, 88 },	/* 96 */
	{ INSN_SP_NONE, 0x00, 88 },	/* 97 */
	{ INSN_SP_NONE, 0x00, 89 },	/* 98 */
	{ INSN_SP_NONE, 0x00, 90 },	/* 99 */
	{ INSN_SP_NONE, 0x00, 91 },	/* 9a */
	{ INSN_SP_NONE, 0x00, 92 },	/* 9b */
	{ INSN_SP_NONE, 0x00, 93 },	/* 9c */
	{ INSN_SP_NONE, 0x00, 94 },	/* 9d */
	{ INSN_SP_NONE, 0x00, 95 },	/* 9e */
	{ INSN_SP_NONE, 0x00, 96 },	/* 9f */
	{ INSN_SP_NONE, 0x00, 97 },	/* a0 */
	{ INSN_SP_NONE, 0x00, 97 },	/* a1 */
	{ INSN_SP_NONE, 0x00, 97 },	/* a2 */
	{ INSN_SP_NONE, 0x00, 97 },	/* a3 */
	{ INSN_SP_NONE, 0x00, 98 },	/* a4 */
	{ INSN_SP_NONE, 0x00, 99 },	/* a5 */
	{ INSN_SP_NONE, 0x00, 100 },	/* a6 */
	{ INSN_SP_NONE, 0x00, 101 },	/* a7 */
	{ INSN_SP_NONE, 0x00, 102 },	/* a8 */
	{ INSN_SP_NONE, 0x00, 103 },	/* a9 */
	{ INSN_SP_NONE, 0x00, 104 },	/* aa */
	{ INSN_SP_NONE, 0x00, 105 },	/* ab */
	{ INSN_SP_NONE, 0x00, 106 },	/* ac */
	{ INSN_SP_NONE, 0x00, 107 },	/* ad */
	{ INSN_SP_NONE, 0x00, 108 },	/* ae */
	{ INSN_SP_NONE, 0x00, 109 },	/* af */
	{ INSN_SP_NONE, 0x00, 110 },	/* b0 */
	{ INSN_SP_NONE, 0x00, 110 },	/* b1 */
	{ INSN_SP_NONE, 0x00, 110 },	/* b2 */
	{ INSN_SP_NONE, 0x00, 110 },	/* b3 */
	{ INSN_SP_NONE, 0x00, 110 },	/* b4 */
	{ INSN_SP_NONE, 0x00, 110 },	/* b5 */
	{ INSN_SP_NONE, 0x00, 110 },	/* b6 */
	{ INSN_SP_NONE, 0x00, 110 },	/* b7 */
	{ INSN_SP_NONE, 0x00, 111 },	/* b8 */
	{ INSN_SP_NONE, 0x00, 111 },	/* b9 */
	{ INSN_SP_NONE, 0x00, 111 },	/* ba */
	{ INSN_SP_NONE, 0x00, 111 },	/* bb */
	{ INSN_SP_NONE, 0x00, 111 },	/* bc */
	{ INSN_SP_NONE, 0x00, 111 },	/* bd */
	{ INSN_SP_NONE, 0x00, 111 },	/* be */
	{ INSN_SP_NONE, 0x00, 111 },	/* bf */
	{ INSN_SP_NONE, 0x14, 48 },	/* c0 */
	{ INSN_SP_NONE, 0x14, 56 },	/* c1 */
	{ INSN_SP_NONE, 0x00, 120 },	/* c2 */
	{ INSN_SP_NONE, 0x00, 121 },	/* c3 */
	{ INSN_SP_VEX3, 0x12, 64 },	/* c4 */
	{ INSN_SP_VEX2, 0x12, 66 },	/* c5 */
	{ INSN_SP_NONE, 0x1e, 68 },	/* c6 */
	{ INSN_SP_NONE, 0x1e, 196 },	/* c7 */
	{ INSN_SP_NONE, 0x00, 130 },	/* c8 */
	{ INSN_SP_NONE, 0x00, 131 },	/* c9 */
	{ INSN_SP_NONE, 0x00, 132 },	/* ca */
	{ INSN_SP_NONE, 0x00, 133 },	/* cb */
	{ INSN_SP_NONE, 0x00, 134 },	/* cc */
	{ INSN_SP_NONE, 0x00, 135 },	/* cd */
	{ INSN_SP_NONE, 0x00, 136 },	/* ce */
	{ INSN_SP_NONE, 0x00, 137 },	/* cf */
	{ INSN_SP_NONE, 0x14, 324 },	/* d0 */
	{ INSN_SP_NONE, 0x14, 332 },	/* d1 */
	{ INSN_SP_NONE, 0x14, 340 },	/* d2 */
	{ INSN_SP_NONE, 0x14, 348 },	/* d3 */
	{ INSN_SP_NONE, 0x00, 146 },	/* d4 */
	{ INSN_SP_NONE, 0x00, 147 },	/* d5 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d6 */
	{ INSN_SP_NONE, 0x00, 148 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 149 },	/* d8 */
	{ INSN_SP_NONE, 0x1e, 356 },	/* d9 */
	{ INSN_SP_NONE, 0x1e, 484 },	/* da */
	{ INSN_SP_NONE, 0x1e, 612 },	/* db */
	{ INSN_SP_NONE, 0x16, 740 },	/* dc */
	{ INSN_SP_NONE, 0x16, 756 },	/* dd */
	{ INSN_SP_NONE, 0x1e, 772 },	/* de */
	{ INSN_SP_NONE, 0x1e, 900 },	/* df */
	{ INSN_SP_NONE, 0x00, 155 },	/* e0 */
	{ INSN_SP_NONE, 0x00, 156 },	/* e1 */
	{ INSN_SP_NONE, 0x00, 157 },	/* e2 */
	{ INSN_SP_NONE, 0x00, 158 },	/* e3 */
	{ INSN_SP_NONE, 0x00, 159 },	/* e4 */
	{ INSN_SP_NONE, 0x00, 159 },	/* e5 */
	{ INSN_SP_NONE, 0x00, 160 },	/* e6 */
	{ INSN_SP_NONE, 0x00, 160 },	/* e7 */
	{ INSN_SP_NONE, 0x00, 161 },	/* e8 */
	{ INSN_SP_NONE, 0x00, 162 },	/* e9 */
	{ INSN_SP_NONE, 0x00, 163 },	/* ea */
	{ INSN_SP_NONE, 0x00, 164 },	/* eb */
	{ INSN_SP_NONE, 0x00, 165 },	/* ec */
	{ INSN_SP_NONE, 0x00, 165 },	/* ed */
	{ INSN_SP_NONE, 0x00, 166 },	/* ee */
	{ INSN_SP_NONE, 0x00, 166 },	/* ef */
	{ INSN_SP_PFX_LOCK, 0x00, 19 },	/* f0 */
	{ INSN_SP_NONE, 0x00, 167 },	/* f1 */
	{ INSN_SP_PFX_REP, 0x00, 19 },	/* f2 */
	{ INSN_SP_PFX_REP, 0x00, 19 },	/* f3 */
	{ INSN_SP_NONE, 0x00, 168 },	/* f4 */
	{ INSN_SP_NONE, 0x00, 169 },	/* f5 */
	{ INSN_SP_NONE, 0x14, 1028 },	/* f6 */
	{ INSN_SP_NONE, 0x14, 1036 },	/* f7 */
	{ INSN_SP_NONE, 0x00, 178 },	/* f8 */
	{ INSN_SP_NONE, 0x00, 179 },	/* f9 */
	{ INSN_SP_NONE, 0x00, 180 },	/* fa */
	{ INSN_SP_NONE, 0x00, 181 },	/* fb */
	{ INSN_SP_NONE, 0x00, 182 },	/* fc */
	{ INSN_SP_NONE, 0x00, 183 },	/* fd */
	{ INSN_SP_NONE, 0x14, 1044 },	/* fe */
	{ INSN_SP_NONE, 0x16, 1052 },	/* ff */
};

static const struct insn_op insn_map_0f[256] = {
	{ INSN_SP_NONE, 0x14, 1068 },	/* 00 */
	{ INSN_SP_NONE, 0x1f, 1076 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 239 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 240 },	/* 03 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 04 */
	{ INSN_SP_NONE, 0x00, 241 },	/* 05 */
	{ INSN_SP_NONE, 0x00, 242 },	/* 06 */
	{ INSN_SP_NONE, 0x00, 243 },	/* 07 */
	{ INSN_SP_NONE, 0x00, 244 },	/* 08 */
	{ INSN_SP_NONE, 0x00, 245 },	/* 09 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 0a */
	{ INSN_SP_NONE, 0x00, 246 },	/* 0b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 0c */
	{ INSN_SP_NONE, 0x12, 1588 },	/* 0d */
	{ INSN_SP_NONE, 0x00, 248 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 249 },	/* 0f */
	{ INSN_SP_NONE, 0x11, 1590 },	/* 10 */
	{ INSN_SP_NONE, 0x11, 1594 },	/* 11 */
	{ INSN_SP_NONE, 0x13, 1598 },	/* 12 */
	{ INSN_SP_NONE, 0x13, 1606 },	/* 13 */
	{ INSN_SP_NONE, 0x11, 1614 },	/* 14 */
	{ INSN_SP_NONE, 0x11, 1618 },	/* 15 */
	{ INSN_SP_NONE, 0x13, 1622 },	/* 16 */
	{ INSN_SP_NONE, 0x13, 1630 },	/* 17 */
	{ INSN_SP_NONE, 0x16, 1638 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 271 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 272 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 272 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 271 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 271 },	/* 1d */
	{ INSN_SP_NONE, 0x1f, 1654 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 271 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 275 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 275 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 276 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 276 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 275 },	/* 24 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 275 },	/* 26 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 27 */
	{ INSN_SP_NONE, 0x11, 2166 },	/* 28 */
	{ INSN_SP_NONE, 0x11, 2170 },	/* 29 */
	{ INSN_SP_NONE, 0x11, 2174 },	/* 2a */
	{ INSN_SP_NONE, 0x13, 2178 },	/* 2b */
	{ INSN_SP_NONE, 0x11, 2186 },	/* 2c */
	{ INSN_SP_NONE, 0x11, 2190 },	/* 2d */
	{ INSN_SP_NONE, 0x11, 2194 },	/* 2e */
	{ INSN_SP_NONE, 0x11, 2198 },	/* 2f */
	{ INSN_SP_NONE, 0x00, 299 },	/* 30 */
	{ INSN_SP_NONE, 0x00, 300 },	/* 31 */
	{ INSN_SP_NONE, 0x00, 301 },	/* 32 */
	{ INSN_SP_NONE, 0x00, 302 },	/* 33 */
	{ INSN_SP_NONE, 0x00, 303 },	/* 34 */
	{ INSN_SP_NONE, 0x00, 304 },	/* 35 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 36 */
	{ INSN_SP_NONE, 0x00, 305 },	/* 37 */
	{ INSN_SP_ESC_0F38, 0x00, 9 },	/* 38 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 39 */
	{ INSN_SP_ESC_0F3A, 0x00, 9 },	/* 3a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3c */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3d */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 306 },	/* 40 */
	{ INSN_SP_NONE, 0x10, 307 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 308 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 309 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 310 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 311 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 312 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 313 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 314 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 315 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 316 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 317 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 318 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 319 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 320 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 321 },	/* 4f */
	{ INSN_SP_NONE, 0x13, 2202 },	/* 50 */
	{ INSN_SP_NONE, 0x11, 2210 },	/* 51 */
	{ INSN_SP_NONE, 0x11, 2214 },	/* 52 */
	{ INSN_SP_NONE, 0x11, 2218 },	/* 53 */
	{ INSN_SP_NONE, 0x11, 2222 },	/* 54 */
	{ INSN_SP_NONE, 0x11, 2226 },	/* 55 */
	{ INSN_SP_NONE, 0x11, 2230 },	/* 56 */
	{ INSN_SP_NONE, 0x11, 2234 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 340 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 341 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 342 },	/* 5a */
	{ INSN_SP_NONE, 0x11, 2238 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 346 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 347 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 348 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 349 },	/* 5f */
	{ INSN_SP_NONE, 0x11, 2242 },	/* 60 */
	{ INSN_SP_NONE, 0x11, 2246 },	/* 61 */
	{ INSN_SP_NONE, 0x11, 2250 },	/* 62 */
	{ INSN_SP_NONE, 0x11, 2254 },	/* 63 */
	{ INSN_SP_NONE, 0x11, 2258 },	/* 64 */
	{ INSN_SP_NONE, 0x11, 2262 },	/* 65 */
	{ INSN_SP_NONE, 0x11, 2266 },	/* 66 */
	{ INSN_SP_NONE, 0x11, 2270 },	/* 67 */
	{ INSN_SP_NONE, 0x11, 2274 },	/* 68 */
	{ INSN_SP_NONE, 0x11, 2278 },	/* 69 */
	{ INSN_SP_NONE, 0x11, 2282 },	/* 6a */
	{ INSN_SP_NONE, 0x11, 2286 },	/* 6b */
	{ INSN_SP_NONE, 0x11, 2290 },	/* 6c */
	{ INSN_SP_NONE, 0x11, 2294 },	/* 6d */
	{ INSN_SP_NONE, 0x11, 2298 },	/* 6e */
	{ INSN_SP_NONE, 0x11, 2302 },	/* 6f */
	{ INSN_SP_NONE, 0x11, 2306 },	/* 70 */
	{ INSN_SP_NONE, 0x17, 2310 },	/* 71 */
	{ INSN_SP_NONE, 0x17, 2374 },	/* 72 */
	{ INSN_SP_NONE, 0x17, 2438 },	/* 73 */
	{ INSN_SP_NONE, 0x11, 2502 },	/* 74 */
	{ INSN_SP_NONE, 0x11, 2506 },	/* 75 */
	{ INSN_SP_NONE, 0x11, 2510 },	/* 76 */
	{ INSN_SP_NONE, 0x00, 375 },	/* 77 */
	{ INSN_SP_NONE, 0x13, 2514 },	/* 78 */
	{ INSN_SP_NONE, 0x13, 2522 },	/* 79 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 7a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 7b */
	{ INSN_SP_NONE, 0x11, 2530 },	/* 7c */
	{ INSN_SP_NONE, 0x11, 2534 },	/* 7d */
	{ INSN_SP_NONE, 0x11, 2538 },	/* 7e */
	{ INSN_SP_NONE, 0x11, 2542 },	/* 7f */
	{ INSN_SP_NONE, 0x00, 386 },	/* 80 */
	{ INSN_SP_NONE, 0x00, 387 },	/* 81 */
	{ INSN_SP_NONE, 0x00, 388 },	/* 82 */
	{ INSN_SP_NONE, 0x00, 389 },	/* 83 */
	{ INSN_SP_NONE, 0x00, 390 },	/* 84 */
	{ INSN_SP_NONE, 0x00, 391 },	/* 85 */
	{ INSN_SP_NONE, 0x00, 392 },	/* 86 */
	{ INSN_SP_NONE, 0x00, 393 },	/* 87 */
	{ INSN_SP_NONE, 0x00, 394 },	/* 88 */
	{ INSN_SP_NONE, 0x00, 395 },	/* 89 */
	{ INSN_SP_NONE, 0x00, 396 },	/* 8a */
	{ INSN_SP_NONE, 0x00, 397 },	/* 8b */
	{ INSN_SP_NONE, 0x00, 398 },	/* 8c */
	{ INSN_SP_NONE, 0x00, 399 },	/* 8d */
	{ INSN_SP_NONE, 0x00, 400 },	/* 8e */
	{ INSN_SP_NONE, 0x00, 401 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 402 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 402 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 402 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 402 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 402 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 402 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 402 },	/* 9f */
	{ INSN_SP_NONE, 0x00, 4 },	/* a0 */
	{ INSN_SP_NONE, 0x00, 5 },	/* a1 */
	{ INSN_SP_NONE, 0x00, 403 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 404 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 405 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 406 },	/* a5 */
	{ INSN_SP_NONE, 0x1e, 2546 },	/* a6 */
	{ INSN_SP_NONE, 0x1e, 2674 },	/* a7 */
	{ INSN_SP_NONE, 0x00, 4 },	/* a8 */
	{ INSN_SP_NONE, 0x00, 5 },	/* a9 */
	{ INSN_SP_NONE, 0x00, 416 },	/* aa */
	{ INSN_SP_NONE, 0x10, 417 },	/* ab */
	{ INSN_SP_NONE, 0x10, 418 },	/* ac */
	{ INSN_SP_NONE, 0x10, 419 },	/* ad */
	{ INSN_SP_NONE, 0x17, 2802 },	/* ae */
	{ INSN_SP_NONE, 0x10, 174 },	/* af */
	{ INSN_SP_NONE, 0x10, 439 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 439 },	/* b1 */
	{ INSN_SP_NONE, 0x12, 2866 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 441 },	/* b3 */
	{ INSN_SP_NONE, 0x12, 2868 },	/* b4 */
	{ INSN_SP_NONE, 0x12, 2870 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 444 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 444 },	/* b7 */
	{ INSN_SP_NONE, 0x11, 2872 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 446 },	/* b9 */
	{ INSN_SP_NONE, 0x14, 2876 },	/* ba */
	{ INSN_SP_NONE, 0x10, 451 },	/* bb */
	{ INSN_SP_NONE, 0x11, 2884 },	/* bc */
	{ INSN_SP_NONE, 0x11, 2888 },	/* bd */
	{ INSN_SP_NONE, 0x10, 456 },	/* be */
	{ INSN_SP_NONE, 0x10, 456 },	/* bf */
	{ INSN_SP_NONE, 0x10, 457 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 457 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 458 },	/* c2 */
	{ INSN_SP_NONE, 0x13, 2892 },	/* c3 */
	{ INSN_SP_NONE, 0x11, 2900 },	/* c4 */
	{ INSN_SP_NONE, 0x13, 2904 },	/* c5 */
	{ INSN_SP_NONE, 0x11, 2912 },	/* c6 */
	{ INSN_SP_NONE, 0x17, 2916 },	/* c7 */
	{ INSN_SP_NONE, 0x00, 475 },	/* c8 */
	{ INSN_SP_NONE, 0x00, 475 },	/* c9 */
	{ INSN_SP_NONE, 0x00, 475 },	/* ca */
	{ INSN_SP_NONE, 0x00, 475 },	/* cb */
	{ INSN_SP_NONE, 0x00, 475 },	/* cc */
	{ INSN_SP_NONE, 0x00, 475 },	/* cd */
	{ INSN_SP_NONE, 0x00, 475 },	/* ce */
	{ INSN_SP_NONE, 0x00, 475 },	/* cf */
	{ INSN_SP_NONE, 0x11, 2980 },	/* d0 */
	{ INSN_SP_NONE, 0x11, 2984 },	/* d1 */
	{ INSN_SP_NONE, 0x11, 2988 },	/* d2 */
	{ INSN_SP_NONE, 0x11, 2992 },	/* d3 */
	{ INSN_SP_NONE, 0x11, 2996 },	/* d4 */
	{ INSN_SP_NONE, 0x11, 3000 },	/* d5 */
	{ INSN_SP_NONE, 0x13, 3004 },	/* d6 */
	{ INSN_SP_NONE, 0x13, 3012 },	/* d7 */
	{ INSN_SP_NONE, 0x11, 3020 },	/* d8 */
	{ INSN_SP_NONE, 0x11, 3024 },	/* d9 */
	{ INSN_SP_NONE, 0x11, 3028 },	/* da */
	{ INSN_SP_NONE, 0x11, 3032 },	/* db */
	{ INSN_SP_NONE, 0x11, 3036 },	/* dc */
	{ INSN_SP_NONE, 0x11, 3040 },	/* dd */
	{ INSN_SP_NONE, 0x11, 3044 },	/* de */
	{ INSN_SP_NONE, 0x11, 3048 },	/* df */
	{ INSN_SP_NONE, 0x11, 3052 },	/* e0 */
	{ INSN_SP_NONE, 0x11, 3056 },	/* e1 */
	{ INSN_SP_NONE, 0x11, 3060 },	/* e2 */
	{ INSN_SP_NONE, 0x11, 3064 },	/* e3 */
	{ INSN_SP_NONE, 0x11, 3068 },	/* e4 */
	{ INSN_SP_NONE, 0x11, 3072 },	/* e5 */
	{ INSN_SP_NONE, 0x11, 3076 },	/* e6 */
	{ INSN_SP_NONE, 0x13, 3080 },	/* e7 */
	{ INSN_SP_NONE, 0x11, 3088 },	/* e8 */
	{ INSN_SP_NONE, 0x11, 3092 },	/* e9 */
	{ INSN_SP_NONE, 0x11, 3096 },	/* ea */
	{ INSN_SP_NONE, 0x11, 3100 },	/* eb */
	{ INSN_SP_NONE, 0x11, 3104 },	/* ec */
	{ INSN_SP_NONE, 0x11, 3108 },	/* ed */
	{ INSN_SP_NONE, 0x11, 3112 },	/* ee */
	{ INSN_SP_NONE, 0x11, 3116 },	/* ef */
	{ INSN_SP_NONE, 0x13, 3120 },	/* f0 */
	{ INSN_SP_NONE, 0x11, 3128 },	/* f1 */
	{ INSN_SP_NONE, 0x11, 3132 },	/* f2 */
	{ INSN_SP_NONE, 0x11, 3136 },	/* f3 */
	{ INSN_SP_NONE, 0x11, 3140 },	/* f4 */
	{ INSN_SP_NONE, 0x11, 3144 },	/* f5 */
	{ INSN_SP_NONE, 0x11, 3148 },	/* f6 */
	{ INSN_SP_NONE, 0x13, 3152 },	/* f7 */
	{ INSN_SP_NONE, 0x11, 3160 },	/* f8 */
	{ INSN_SP_NONE, 0x11, 3164 },	/* f9 */
	{ INSN_SP_NONE, 0x11, 3168 },	/* fa */
	{ INSN_SP_NONE, 0x11, 3172 },	/* fb */
	{ INSN_SP_NONE, 0x11, 3176 },	/* fc */
	{ INSN_SP_NONE, 0x11, 3180 },	/* fd */
	{ INSN_SP_NONE, 0x11, 3184 },	/* fe */
	{ INSN_SP_NONE, 0x10, 489 },	/* ff */
};

static const struct insn_op insn_map_0f38[256] = {
	{ INSN_SP_NONE, 0x11, 3188 },	/* 00 */
	{ INSN_SP_NONE, 0x11, 3192 },	/* 01 */
	{ INSN_SP_NONE, 0x11, 3196 },	/* 02 */
	{ INSN_SP_NONE, 0x11, 3200 },	/* 03 */
	{ INSN_SP_NONE, 0x11, 3204 },	/* 04 */
	{ INSN_SP_NONE, 0x11, 3208 },	/* 05 */
	{ INSN_SP_NONE, 0x11, 3212 },	/* 06 */
	{ INSN_SP_NONE, 0x11, 3216 },	/* 07 */
	{ INSN_SP_NONE, 0x11, 3220 },	/* 08 */
	{ INSN_SP_NONE, 0x11, 3224 },	/* 09 */
	{ INSN_SP_NONE, 0x11, 3228 },	/* 0a */
	{ INSN_SP_NONE, 0x11, 3232 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0f */
	{ INSN_SP_NONE, 0x11, 3236 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 13 */
	{ INSN_SP_NONE, 0x11, 3240 },	/* 14 */
	{ INSN_SP_NONE, 0x11, 3244 },	/* 15 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 16 */
	{ INSN_SP_NONE, 0x11, 3248 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1b */
	{ INSN_SP_NONE, 0x11, 3252 },	/* 1c */
	{ INSN_SP_NONE, 0x11, 3256 },	/* 1d */
	{ INSN_SP_NONE, 0x11, 3260 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1f */
	{ INSN_SP_NONE, 0x11, 3264 },	/* 20 */
	{ INSN_SP_NONE, 0x11, 3268 },	/* 21 */
	{ INSN_SP_NONE, 0x11, 3272 },	/* 22 */
	{ INSN_SP_NONE, 0x11, 3276 },	/* 23 */
	{ INSN_SP_NONE, 0x11, 3280 },	/* 24 */
	{ INSN_SP_NONE, 0x11, 3284 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 27 */
	{ INSN_SP_NONE, 0x11, 3288 },	/* 28 */
	{ INSN_SP_NONE, 0x11, 3292 },	/* 29 */
	{ INSN_SP_NONE, 0x11, 3296 },	/* 2a */
	{ INSN_SP_NONE, 0x11, 3300 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2f */
	{ INSN_SP_NONE, 0x11, 3304 },	/* 30 */
	{ INSN_SP_NONE, 0x11, 3308 },	/* 31 */
	{ INSN_SP_NONE, 0x11, 3312 },	/* 32 */
	{ INSN_SP_NONE, 0x11, 3316 },	/* 33 */
	{ INSN_SP_NONE, 0x11, 3320 },	/* 34 */
	{ INSN_SP_NONE, 0x11, 3324 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 36 */
	{ INSN_SP_NONE, 0x11, 3328 },	/* 37 */
	{ INSN_SP_NONE, 0x11, 3332 },	/* 38 */
	{ INSN_SP_NONE, 0x11, 3336 },	/* 39 */
	{ INSN_SP_NONE, 0x11, 3340 },	/* 3a */
	{ INSN_SP_NONE, 0x11, 3344 },	/* 3b */
	{ INSN_SP_NONE, 0x11, 3348 },	/* 3c */
	{ INSN_SP_NONE, 0x11, 3352 },	/* 3d */
	{ INSN_SP_NONE, 0x11, 3356 },	/* 3e */
	{ INSN_SP_NONE, 0x11, 3360 },	/* 3f */
	{ INSN_SP_NONE, 0x11, 3364 },	/* 40 */
	{ INSN_SP_NONE, 0x11, 3368 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7f */
	{ INSN_SP_NONE, 0x13, 3372 },	/* 80 */
	{ INSN_SP_NONE, 0x13, 3380 },	/* 81 */
	{ INSN_SP_NONE, 0x13, 3388 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 38 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* aa */
	{ INSN_SP_NONE, 0x10, 38 },	/* ab */
	{ INSN_SP_NONE, 0x10, 38 },	/* ac */
	{ INSN_SP_NONE, 0x10, 38 },	/* ad */
	{ INSN_SP_NONE, 0x10, 38 },	/* ae */
	{ INSN_SP_NONE, 0x10, 38 },	/* af */
	{ INSN_SP_NONE, 0x10, 38 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ba */
	{ INSN_SP_NONE, 0x10, 38 },	/* bb */
	{ INSN_SP_NONE, 0x10, 38 },	/* bc */
	{ INSN_SP_NONE, 0x10, 38 },	/* bd */
	{ INSN_SP_NONE, 0x10, 38 },	/* be */
	{ INSN_SP_NONE, 0x10, 38 },	/* bf */
	{ INSN_SP_NONE, 0x10, 38 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c7 */
	{ INSN_SP_NONE, 0x11, 3396 },	/* c8 */
	{ INSN_SP_NONE, 0x11, 3400 },	/* c9 */
	{ INSN_SP_NONE, 0x11, 3404 },	/* ca */
	{ INSN_SP_NONE, 0x11, 3408 },	/* cb */
	{ INSN_SP_NONE, 0x11, 3412 },	/* cc */
	{ INSN_SP_NONE, 0x11, 3416 },	/* cd */
	{ INSN_SP_NONE, 0x10, 38 },	/* ce */
	{ INSN_SP_NONE, 0x11, 3420 },	/* cf */
	{ INSN_SP_NONE, 0x10, 38 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d7 */
	{ INSN_SP_NONE, 0x13, 3424 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* da */
	{ INSN_SP_NONE, 0x11, 3432 },	/* db */
	{ INSN_SP_NONE, 0x13, 3436 },	/* dc */
	{ INSN_SP_NONE, 0x13, 3444 },	/* dd */
	{ INSN_SP_NONE, 0x13, 3452 },	/* de */
	{ INSN_SP_NONE, 0x13, 3460 },	/* df */
	{ INSN_SP_NONE, 0x10, 38 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ea */
	{ INSN_SP_NONE, 0x10, 38 },	/* eb */
	{ INSN_SP_NONE, 0x10, 38 },	/* ec */
	{ INSN_SP_NONE, 0x10, 38 },	/* ed */
	{ INSN_SP_NONE, 0x10, 38 },	/* ee */
	{ INSN_SP_NONE, 0x10, 38 },	/* ef */
	{ INSN_SP_NONE, 0x13, 3468 },	/* f0 */
	{ INSN_SP_NONE, 0x13, 3476 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f4 */
	{ INSN_SP_NONE, 0x13, 3484 },	/* f5 */
	{ INSN_SP_NONE, 0x13, 3492 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f7 */
	{ INSN_SP_NONE, 0x13, 3500 },	/* f8 */
	{ INSN_SP_NONE, 0x13, 3508 },	/* f9 */
	{ INSN_SP_NONE, 0x13, 3516 },	/* fa */
	{ INSN_SP_NONE, 0x13, 3524 },	/* fb */
	{ INSN_SP_NONE, 0x12, 3532 },	/* fc */
	{ INSN_SP_NONE, 0x10, 38 },	/* fd */
	{ INSN_SP_NONE, 0x10, 38 },	/* fe */
	{ INSN_SP_NONE, 0x10, 38 },	/* ff */
};

static const struct insn_op insn_map_0f3a[256] = {
	{ INSN_SP_NONE, 0x10, 125 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 07 */
	{ INSN_SP_NONE, 0x11, 3534 },	/* 08 */
	{ INSN_SP_NONE, 0x11, 3538 },	/* 09 */
	{ INSN_SP_NONE, 0x11, 3542 },	/* 0a */
	{ INSN_SP_NONE, 0x11, 3546 },	/* 0b */
	{ INSN_SP_NONE, 0x11, 3550 },	/* 0c */
	{ INSN_SP_NONE, 0x11, 3554 },	/* 0d */
	{ INSN_SP_NONE, 0x11, 3558 },	/* 0e */
	{ INSN_SP_NONE, 0x11, 3562 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 13 */
	{ INSN_SP_NONE, 0x11, 3566 },	/* 14 */
	{ INSN_SP_NONE, 0x11, 3570 },	/* 15 */
	{ INSN_SP_NONE, 0x11, 3574 },	/* 16 */
	{ INSN_SP_NONE, 0x11, 3578 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1f */
	{ INSN_SP_NONE, 0x11, 3582 },	/* 20 */
	{ INSN_SP_NONE, 0x11, 3586 },	/* 21 */
	{ INSN_SP_NONE, 0x11, 3590 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3f */
	{ INSN_SP_NONE, 0x11, 3594 },	/* 40 */
	{ INSN_SP_NONE, 0x11, 3598 },	/* 41 */
	{ INSN_SP_NONE, 0x11, 3602 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 43 */
	{ INSN_SP_NONE, 0x11, 3606 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5f */
	{ INSN_SP_NONE, 0x11, 3610 },	/* 60 */
	{ INSN_SP_NONE, 0x11, 3614 },	/* 61 */
	{ INSN_SP_NONE, 0x11, 3618 },	/* 62 */
	{ INSN_SP_NONE, 0x11, 3622 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 125 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* aa */
	{ INSN_SP_NONE, 0x10, 125 },	/* ab */
	{ INSN_SP_NONE, 0x10, 125 },	/* ac */
	{ INSN_SP_NONE, 0x10, 125 },	/* ad */
	{ INSN_SP_NONE, 0x10, 125 },	/* ae */
	{ INSN_SP_NONE, 0x10, 125 },	/* af */
	{ INSN_SP_NONE, 0x10, 125 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ba */
	{ INSN_SP_NONE, 0x10, 125 },	/* bb */
	{ INSN_SP_NONE, 0x10, 125 },	/* bc */
	{ INSN_SP_NONE, 0x10, 125 },	/* bd */
	{ INSN_SP_NONE, 0x10, 125 },	/* be */
	{ INSN_SP_NONE, 0x10, 125 },	/* bf */
	{ INSN_SP_NONE, 0x10, 125 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ca */
	{ INSN_SP_NONE, 0x10, 125 },	/* cb */
	{ INSN_SP_NONE, 0x11, 3626 },	/* cc */
	{ INSN_SP_NONE, 0x10, 125 },	/* cd */
	{ INSN_SP_NONE, 0x11, 3630 },	/* ce */
	{ INSN_SP_NONE, 0x11, 3634 },	/* cf */
	{ INSN_SP_NONE, 0x10, 125 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* da */
	{ INSN_SP_NONE, 0x10, 125 },	/* db */
	{ INSN_SP_NONE, 0x10, 125 },	/* dc */
	{ INSN_SP_NONE, 0x10, 125 },	/* dd */
	{ INSN_SP_NONE, 0x10, 125 },	/* de */
	{ INSN_SP_NONE, 0x11, 3638 },	/* df */
	{ INSN_SP_NONE, 0x10, 125 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ea */
	{ INSN_SP_NONE, 0x10, 125 },	/* eb */
	{ INSN_SP_NONE, 0x10, 125 },	/* ec */
	{ INSN_SP_NONE, 0x10, 125 },	/* ed */
	{ INSN_SP_NONE, 0x10, 125 },	/* ee */
	{ INSN_SP_NONE, 0x10, 125 },	/* ef */
	{ INSN_SP_NONE, 0x13, 3642 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* fa */
	{ INSN_SP_NONE, 0x10, 125 },	/* fb */
	{ INSN_SP_NONE, 0x10, 125 },	/* fc */
	{ INSN_SP_NONE, 0x10, 125 },	/* fd */
	{ INSN_SP_NONE, 0x10, 125 },	/* fe */
	{ INSN_SP_NONE, 0x10, 125 },	/* ff */
};

static const struct insn_op insn_map_vex1[256] = {
	{ INSN_SP_NONE, 0x10, 38 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 530 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 530 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 530 },	/* 12 */
	{ INSN_SP_NONE, 0x11, 3650 },	/* 13 */
	{ INSN_SP_NONE, 0x11, 3654 },	/* 14 */
	{ INSN_SP_NONE, 0x11, 3658 },	/* 15 */
	{ INSN_SP_NONE, 0x11, 3662 },	/* 16 */
	{ INSN_SP_NONE, 0x11, 3666 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 27 */
	{ INSN_SP_NONE, 0x11, 3670 },	/* 28 */
	{ INSN_SP_NONE, 0x11, 3674 },	/* 29 */
	{ INSN_SP_NONE, 0x11, 3678 },	/* 2a */
	{ INSN_SP_NONE, 0x13, 3682 },	/* 2b */
	{ INSN_SP_NONE, 0x11, 3690 },	/* 2c */
	{ INSN_SP_NONE, 0x11, 3694 },	/* 2d */
	{ INSN_SP_NONE, 0x11, 3698 },	/* 2e */
	{ INSN_SP_NONE, 0x11, 3702 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 40 */
	{ INSN_SP_NONE, 0x13, 3706 },	/* 41 */
	{ INSN_SP_NONE, 0x13, 3714 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 43 */
	{ INSN_SP_NONE, 0x13, 3722 },	/* 44 */
	{ INSN_SP_NONE, 0x13, 3730 },	/* 45 */
	{ INSN_SP_NONE, 0x13, 3738 },	/* 46 */
	{ INSN_SP_NONE, 0x13, 3746 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 49 */
	{ INSN_SP_NONE, 0x13, 3754 },	/* 4a */
	{ INSN_SP_NONE, 0x13, 3762 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4f */
	{ INSN_SP_NONE, 0x13, 3770 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 530 },	/* 51 */
	{ INSN_SP_NONE, 0x11, 3778 },	/* 52 */
	{ INSN_SP_NONE, 0x11, 3782 },	/* 53 */
	{ INSN_SP_NONE, 0x11, 3786 },	/* 54 */
	{ INSN_SP_NONE, 0x11, 3790 },	/* 55 */
	{ INSN_SP_NONE, 0x11, 3794 },	/* 56 */
	{ INSN_SP_NONE, 0x11, 3798 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 530 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 530 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 530 },	/* 5a */
	{ INSN_SP_NONE, 0x11, 3802 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 530 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 530 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 530 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 530 },	/* 5f */
	{ INSN_SP_NONE, 0x11, 3806 },	/* 60 */
	{ INSN_SP_NONE, 0x11, 3810 },	/* 61 */
	{ INSN_SP_NONE, 0x11, 3814 },	/* 62 */
	{ INSN_SP_NONE, 0x11, 3818 },	/* 63 */
	{ INSN_SP_NONE, 0x11, 3822 },	/* 64 */
	{ INSN_SP_NONE, 0x11, 3826 },	/* 65 */
	{ INSN_SP_NONE, 0x11, 3830 },	/* 66 */
	{ INSN_SP_NONE, 0x11, 3834 },	/* 67 */
	{ INSN_SP_NONE, 0x11, 3838 },	/* 68 */
	{ INSN_SP_NONE, 0x11, 3842 },	/* 69 */
	{ INSN_SP_NONE, 0x11, 3846 },	/* 6a */
	{ INSN_SP_NONE, 0x11, 3850 },	/* 6b */
	{ INSN_SP_NONE, 0x11, 3854 },	/* 6c */
	{ INSN_SP_NONE, 0x11, 3858 },	/* 6d */
	{ INSN_SP_NONE, 0x11, 3862 },	/* 6e */
	{ INSN_SP_NONE, 0x11, 3866 },	/* 6f */
	{ INSN_SP_NONE, 0x11, 3870 },	/* 70 */
	{ INSN_SP_NONE, 0x17, 3874 },	/* 71 */
	{ INSN_SP_NONE, 0x17, 3938 },	/* 72 */
	{ INSN_SP_NONE, 0x17, 4002 },	/* 73 */
	{ INSN_SP_NONE, 0x11, 4066 },	/* 74 */
	{ INSN_SP_NONE, 0x11, 4070 },	/* 75 */
	{ INSN_SP_NONE, 0x11, 4074 },	/* 76 */
	{ INSN_SP_NONE, 0x01, 4078 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7b */
	{ INSN_SP_NONE, 0x11, 4082 },	/* 7c */
	{ INSN_SP_NONE, 0x11, 4086 },	/* 7d */
	{ INSN_SP_NONE, 0x11, 4090 },	/* 7e */
	{ INSN_SP_NONE, 0x11, 4094 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8f */
	{ INSN_SP_NONE, 0x11, 4098 },	/* 90 */
	{ INSN_SP_NONE, 0x13, 4102 },	/* 91 */
	{ INSN_SP_NONE, 0x13, 4110 },	/* 92 */
	{ INSN_SP_NONE, 0x13, 4118 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 97 */
	{ INSN_SP_NONE, 0x13, 4126 },	/* 98 */
	{ INSN_SP_NONE, 0x13, 4134 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 38 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* aa */
	{ INSN_SP_NONE, 0x10, 38 },	/* ab */
	{ INSN_SP_NONE, 0x10, 38 },	/* ac */
	{ INSN_SP_NONE, 0x10, 38 },	/* ad */
	{ INSN_SP_NONE, 0x17, 4142 },	/* ae */
	{ INSN_SP_NONE, 0x10, 38 },	/* af */
	{ INSN_SP_NONE, 0x10, 38 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ba */
	{ INSN_SP_NONE, 0x10, 38 },	/* bb */
	{ INSN_SP_NONE, 0x10, 38 },	/* bc */
	{ INSN_SP_NONE, 0x10, 38 },	/* bd */
	{ INSN_SP_NONE, 0x10, 38 },	/* be */
	{ INSN_SP_NONE, 0x10, 38 },	/* bf */
	{ INSN_SP_NONE, 0x10, 38 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 532 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c3 */
	{ INSN_SP_NONE, 0x11, 4206 },	/* c4 */
	{ INSN_SP_NONE, 0x13, 4210 },	/* c5 */
	{ INSN_SP_NONE, 0x11, 4218 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ca */
	{ INSN_SP_NONE, 0x10, 38 },	/* cb */
	{ INSN_SP_NONE, 0x10, 38 },	/* cc */
	{ INSN_SP_NONE, 0x10, 38 },	/* cd */
	{ INSN_SP_NONE, 0x10, 38 },	/* ce */
	{ INSN_SP_NONE, 0x10, 38 },	/* cf */
	{ INSN_SP_NONE, 0x11, 4222 },	/* d0 */
	{ INSN_SP_NONE, 0x11, 4226 },	/* d1 */
	{ INSN_SP_NONE, 0x11, 4230 },	/* d2 */
	{ INSN_SP_NONE, 0x11, 4234 },	/* d3 */
	{ INSN_SP_NONE, 0x11, 4238 },	/* d4 */
	{ INSN_SP_NONE, 0x11, 4242 },	/* d5 */
	{ INSN_SP_NONE, 0x11, 4246 },	/* d6 */
	{ INSN_SP_NONE, 0x13, 4250 },	/* d7 */
	{ INSN_SP_NONE, 0x11, 4258 },	/* d8 */
	{ INSN_SP_NONE, 0x11, 4262 },	/* d9 */
	{ INSN_SP_NONE, 0x11, 4266 },	/* da */
	{ INSN_SP_NONE, 0x11, 4270 },	/* db */
	{ INSN_SP_NONE, 0x11, 4274 },	/* dc */
	{ INSN_SP_NONE, 0x11, 4278 },	/* dd */
	{ INSN_SP_NONE, 0x11, 4282 },	/* de */
	{ INSN_SP_NONE, 0x11, 4286 },	/* df */
	{ INSN_SP_NONE, 0x11, 4290 },	/* e0 */
	{ INSN_SP_NONE, 0x11, 4294 },	/* e1 */
	{ INSN_SP_NONE, 0x11, 4298 },	/* e2 */
	{ INSN_SP_NONE, 0x11, 4302 },	/* e3 */
	{ INSN_SP_NONE, 0x11, 4306 },	/* e4 */
	{ INSN_SP_NONE, 0x11, 4310 },	/* e5 */
	{ INSN_SP_NONE, 0x11, 4314 },	/* e6 */
	{ INSN_SP_NONE, 0x13, 4318 },	/* e7 */
	{ INSN_SP_NONE, 0x11, 4326 },	/* e8 */
	{ INSN_SP_NONE, 0x11, 4330 },	/* e9 */
	{ INSN_SP_NONE, 0x11, 4334 },	/* ea */
	{ INSN_SP_NONE, 0x11, 4338 },	/* eb */
	{ INSN_SP_NONE, 0x11, 4342 },	/* ec */
	{ INSN_SP_NONE, 0x11, 4346 },	/* ed */
	{ INSN_SP_NONE, 0x11, 4350 },	/* ee */
	{ INSN_SP_NONE, 0x11, 4354 },	/* ef */
	{ INSN_SP_NONE, 0x13, 4358 },	/* f0 */
	{ INSN_SP_NONE, 0x11, 4366 },	/* f1 */
	{ INSN_SP_NONE, 0x11, 4370 },	/* f2 */
	{ INSN_SP_NONE, 0x11, 4374 },	/* f3 */
	{ INSN_SP_NONE, 0x11, 4378 },	/* f4 */
	{ INSN_SP_NONE, 0x11, 4382 },	/* f5 */
	{ INSN_SP_NONE, 0x11, 4386 },	/* f6 */
	{ INSN_SP_NONE, 0x13, 4390 },	/* f7 */
	{ INSN_SP_NONE, 0x11, 4398 },	/* f8 */
	{ INSN_SP_NONE, 0x11, 4402 },	/* f9 */
	{ INSN_SP_NONE, 0x11, 4406 },	/* fa */
	{ INSN_SP_NONE, 0x11, 4410 },	/* fb */
	{ INSN_SP_NONE, 0x11, 4414 },	/* fc */
	{ INSN_SP_NONE, 0x11, 4418 },	/* fd */
	{ INSN_SP_NONE, 0x11, 4422 },	/* fe */
	{ INSN_SP_NONE, 0x10, 38 },	/* ff */
};

static const struct insn_op insn_map_vex2[256] = {
	{ INSN_SP_NONE, 0x11, 4426 },	/* 00 */
	{ INSN_SP_NONE, 0x11, 4430 },	/* 01 */
	{ INSN_SP_NONE, 0x11, 4434 },	/* 02 */
	{ INSN_SP_NONE, 0x11, 4438 },	/* 03 */
	{ INSN_SP_NONE, 0x11, 4442 },	/* 04 */
	{ INSN_SP_NONE, 0x11, 4446 },	/* 05 */
	{ INSN_SP_NONE, 0x11, 4450 },	/* 06 */
	{ INSN_SP_NONE, 0x11, 4454 },	/* 07 */
	{ INSN_SP_NONE, 0x11, 4458 },	/* 08 */
	{ INSN_SP_NONE, 0x11, 4462 },	/* 09 */
	{ INSN_SP_NONE, 0x11, 4466 },	/* 0a */
	{ INSN_SP_NONE, 0x11, 4470 },	/* 0b */
	{ INSN_SP_NONE, 0x11, 4474 },	/* 0c */
	{ INSN_SP_NONE, 0x11, 4478 },	/* 0d */
	{ INSN_SP_NONE, 0x11, 4482 },	/* 0e */
	{ INSN_SP_NONE, 0x11, 4486 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 12 */
	{ INSN_SP_NONE, 0x11, 4490 },	/* 13 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 14 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 15 */
	{ INSN_SP_NONE, 0x11, 4494 },	/* 16 */
	{ INSN_SP_NONE, 0x11, 4498 },	/* 17 */
	{ INSN_SP_NONE, 0x11, 4502 },	/* 18 */
	{ INSN_SP_NONE, 0x11, 4506 },	/* 19 */
	{ INSN_SP_NONE, 0x11, 4510 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1b */
	{ INSN_SP_NONE, 0x11, 4514 },	/* 1c */
	{ INSN_SP_NONE, 0x11, 4518 },	/* 1d */
	{ INSN_SP_NONE, 0x11, 4522 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1f */
	{ INSN_SP_NONE, 0x11, 4526 },	/* 20 */
	{ INSN_SP_NONE, 0x11, 4530 },	/* 21 */
	{ INSN_SP_NONE, 0x11, 4534 },	/* 22 */
	{ INSN_SP_NONE, 0x11, 4538 },	/* 23 */
	{ INSN_SP_NONE, 0x11, 4542 },	/* 24 */
	{ INSN_SP_NONE, 0x11, 4546 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 27 */
	{ INSN_SP_NONE, 0x11, 4550 },	/* 28 */
	{ INSN_SP_NONE, 0x11, 4554 },	/* 29 */
	{ INSN_SP_NONE, 0x11, 4558 },	/* 2a */
	{ INSN_SP_NONE, 0x11, 4562 },	/* 2b */
	{ INSN_SP_NONE, 0x13, 4566 },	/* 2c */
	{ INSN_SP_NONE, 0x13, 4574 },	/* 2d */
	{ INSN_SP_NONE, 0x13, 4582 },	/* 2e */
	{ INSN_SP_NONE, 0x13, 4590 },	/* 2f */
	{ INSN_SP_NONE, 0x11, 4598 },	/* 30 */
	{ INSN_SP_NONE, 0x11, 4602 },	/* 31 */
	{ INSN_SP_NONE, 0x11, 4606 },	/* 32 */
	{ INSN_SP_NONE, 0x11, 4610 },	/* 33 */
	{ INSN_SP_NONE, 0x11, 4614 },	/* 34 */
	{ INSN_SP_NONE, 0x11, 4618 },	/* 35 */
	{ INSN_SP_NONE, 0x11, 4622 },	/* 36 */
	{ INSN_SP_NONE, 0x11, 4626 },	/* 37 */
	{ INSN_SP_NONE, 0x11, 4630 },	/* 38 */
	{ INSN_SP_NONE, 0x11, 4634 },	/* 39 */
	{ INSN_SP_NONE, 0x11, 4638 },	/* 3a */
	{ INSN_SP_NONE, 0x11, 4642 },	/* 3b */
	{ INSN_SP_NONE, 0x11, 4646 },	/* 3c */
	{ INSN_SP_NONE, 0x11, 4650 },	/* 3d */
	{ INSN_SP_NONE, 0x11, 4654 },	/* 3e */
	{ INSN_SP_NONE, 0x11, 4658 },	/* 3f */
	{ INSN_SP_NONE, 0x11, 4662 },	/* 40 */
	{ INSN_SP_NONE, 0x11, 4666 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 44 */
	{ INSN_SP_NONE, 0x11, 4670 },	/* 45 */
	{ INSN_SP_NONE, 0x11, 4674 },	/* 46 */
	{ INSN_SP_NONE, 0x11, 4678 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 537 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 537 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 537 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 537 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 57 */
	{ INSN_SP_NONE, 0x11, 4682 },	/* 58 */
	{ INSN_SP_NONE, 0x11, 4686 },	/* 59 */
	{ INSN_SP_NONE, 0x11, 4690 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 71 */
	{ INSN_SP_NONE, 0x11, 4694 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 77 */
	{ INSN_SP_NONE, 0x11, 4698 },	/* 78 */
	{ INSN_SP_NONE, 0x11, 4702 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8b */
	{ INSN_SP_NONE, 0x13, 4706 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8d */
	{ INSN_SP_NONE, 0x13, 4714 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8f */
	{ INSN_SP_NONE, 0x13, 4722 },	/* 90 */
	{ INSN_SP_NONE, 0x13, 4730 },	/* 91 */
	{ INSN_SP_NONE, 0x13, 4738 },	/* 92 */
	{ INSN_SP_NONE, 0x13, 4746 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 95 */
	{ INSN_SP_NONE, 0x11, 4754 },	/* 96 */
	{ INSN_SP_NONE, 0x11, 4758 },	/* 97 */
	{ INSN_SP_NONE, 0x11, 4762 },	/* 98 */
	{ INSN_SP_NONE, 0x11, 4766 },	/* 99 */
	{ INSN_SP_NONE, 0x11, 4770 },	/* 9a */
	{ INSN_SP_NONE, 0x11, 4774 },	/* 9b */
	{ INSN_SP_NONE, 0x11, 4778 },	/* 9c */
	{ INSN_SP_NONE, 0x11, 4782 },	/* 9d */
	{ INSN_SP_NONE, 0x11, 4786 },	/* 9e */
	{ INSN_SP_NONE, 0x11, 4790 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 38 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a5 */
	{ INSN_SP_NONE, 0x11, 4794 },	/* a6 */
	{ INSN_SP_NONE, 0x11, 4798 },	/* a7 */
	{ INSN_SP_NONE, 0x11, 4802 },	/* a8 */
	{ INSN_SP_NONE, 0x11, 4806 },	/* a9 */
	{ INSN_SP_NONE, 0x11, 4810 },	/* aa */
	{ INSN_SP_NONE, 0x11, 4814 },	/* ab */
	{ INSN_SP_NONE, 0x11, 4818 },	/* ac */
	{ INSN_SP_NONE, 0x11, 4822 },	/* ad */
	{ INSN_SP_NONE, 0x11, 4826 },	/* ae */
	{ INSN_SP_NONE, 0x11, 4830 },	/* af */
	{ INSN_SP_NONE, 0x12, 4834 },	/* b0 */
	{ INSN_SP_NONE, 0x12, 4836 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b3 */
	{ INSN_SP_NONE, 0x11, 4838 },	/* b4 */
	{ INSN_SP_NONE, 0x11, 4842 },	/* b5 */
	{ INSN_SP_NONE, 0x11, 4846 },	/* b6 */
	{ INSN_SP_NONE, 0x11, 4850 },	/* b7 */
	{ INSN_SP_NONE, 0x11, 4854 },	/* b8 */
	{ INSN_SP_NONE, 0x11, 4858 },	/* b9 */
	{ INSN_SP_NONE, 0x11, 4862 },	/* ba */
	{ INSN_SP_NONE, 0x11, 4866 },	/* bb */
	{ INSN_SP_NONE, 0x11, 4870 },	/* bc */
	{ INSN_SP_NONE, 0x11, 4874 },	/* bd */
	{ INSN_SP_NONE, 0x11, 4878 },	/* be */
	{ INSN_SP_NONE, 0x11, 4882 },	/* bf */
	{ INSN_SP_NONE, 0x10, 38 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ca */
	{ INSN_SP_NONE, 0x10, 38 },	/* cb */
	{ INSN_SP_NONE, 0x10, 38 },	/* cc */
	{ INSN_SP_NONE, 0x10, 38 },	/* cd */
	{ INSN_SP_NONE, 0x10, 38 },	/* ce */
	{ INSN_SP_NONE, 0x11, 4886 },	/* cf */
	{ INSN_SP_NONE, 0x10, 38 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 537 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 537 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d9 */
	{ INSN_SP_NONE, 0x11, 4890 },	/* da */
	{ INSN_SP_NONE, 0x11, 4894 },	/* db */
	{ INSN_SP_NONE, 0x11, 4898 },	/* dc */
	{ INSN_SP_NONE, 0x11, 4902 },	/* dd */
	{ INSN_SP_NONE, 0x11, 4906 },	/* de */
	{ INSN_SP_NONE, 0x11, 4910 },	/* df */
	{ INSN_SP_NONE, 0x13, 4914 },	/* e0 */
	{ INSN_SP_NONE, 0x13, 4922 },	/* e1 */
	{ INSN_SP_NONE, 0x13, 4930 },	/* e2 */
	{ INSN_SP_NONE, 0x13, 4938 },	/* e3 */
	{ INSN_SP_NONE, 0x13, 4946 },	/* e4 */
	{ INSN_SP_NONE, 0x13, 4954 },	/* e5 */
	{ INSN_SP_NONE, 0x13, 4962 },	/* e6 */
	{ INSN_SP_NONE, 0x13, 4970 },	/* e7 */
	{ INSN_SP_NONE, 0x13, 4978 },	/* e8 */
	{ INSN_SP_NONE, 0x13, 4986 },	/* e9 */
	{ INSN_SP_NONE, 0x13, 4994 },	/* ea */
	{ INSN_SP_NONE, 0x13, 5002 },	/* eb */
	{ INSN_SP_NONE, 0x13, 5010 },	/* ec */
	{ INSN_SP_NONE, 0x13, 5018 },	/* ed */
	{ INSN_SP_NONE, 0x13, 5026 },	/* ee */
	{ INSN_SP_NONE, 0x13, 5034 },	/* ef */
	{ INSN_SP_NONE, 0x10, 38 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f1 */
	{ INSN_SP_NONE, 0x11, 5042 },	/* f2 */
	{ INSN_SP_NONE, 0x15, 5046 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f4 */
	{ INSN_SP_NONE, 0x11, 5078 },	/* f5 */
	{ INSN_SP_NONE, 0x11, 5082 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 552 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* fa */
	{ INSN_SP_NONE, 0x10, 38 },	/* fb */
	{ INSN_SP_NONE, 0x10, 38 },	/* fc */
	{ INSN_SP_NONE, 0x10, 38 },	/* fd */
	{ INSN_SP_NONE, 0x10, 38 },	/* fe */
	{ INSN_SP_NONE, 0x10, 38 },	/* ff */
};

static const struct insn_op insn_map_vex3[256] = {
	{ INSN_SP_NONE, 0x11, 5086 },	/* 00 */
	{ INSN_SP_NONE, 0x11, 5090 },	/* 01 */
	{ INSN_SP_NONE, 0x11, 5094 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 03 */
	{ INSN_SP_NONE, 0x11, 5098 },	/* 04 */
	{ INSN_SP_NONE, 0x11, 5102 },	/* 05 */
	{ INSN_SP_NONE, 0x11, 5106 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 07 */
	{ INSN_SP_NONE, 0x11, 5110 },	/* 08 */
	{ INSN_SP_NONE, 0x11, 5114 },	/* 09 */
	{ INSN_SP_NONE, 0x11, 5118 },	/* 0a */
	{ INSN_SP_NONE, 0x11, 5122 },	/* 0b */
	{ INSN_SP_NONE, 0x11, 5126 },	/* 0c */
	{ INSN_SP_NONE, 0x11, 5130 },	/* 0d */
	{ INSN_SP_NONE, 0x11, 5134 },	/* 0e */
	{ INSN_SP_NONE, 0x11, 5138 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 13 */
	{ INSN_SP_NONE, 0x11, 5142 },	/* 14 */
	{ INSN_SP_NONE, 0x11, 5146 },	/* 15 */
	{ INSN_SP_NONE, 0x11, 5150 },	/* 16 */
	{ INSN_SP_NONE, 0x11, 5154 },	/* 17 */
	{ INSN_SP_NONE, 0x11, 5158 },	/* 18 */
	{ INSN_SP_NONE, 0x11, 5162 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1c */
	{ INSN_SP_NONE, 0x11, 5166 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1f */
	{ INSN_SP_NONE, 0x11, 5170 },	/* 20 */
	{ INSN_SP_NONE, 0x11, 5174 },	/* 21 */
	{ INSN_SP_NONE, 0x11, 5178 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2f */
	{ INSN_SP_NONE, 0x13, 5182 },	/* 30 */
	{ INSN_SP_NONE, 0x13, 5190 },	/* 31 */
	{ INSN_SP_NONE, 0x13, 5198 },	/* 32 */
	{ INSN_SP_NONE, 0x13, 5206 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 37 */
	{ INSN_SP_NONE, 0x11, 5214 },	/* 38 */
	{ INSN_SP_NONE, 0x11, 5218 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3f */
	{ INSN_SP_NONE, 0x11, 5222 },	/* 40 */
	{ INSN_SP_NONE, 0x11, 5226 },	/* 41 */
	{ INSN_SP_NONE, 0x11, 5230 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 43 */
	{ INSN_SP_NONE, 0x11, 5234 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 45 */
	{ INSN_SP_NONE, 0x11, 5238 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 47 */
	{ INSN_SP_NONE, 0x11, 5242 },	/* 48 */
	{ INSN_SP_NONE, 0x11, 5246 },	/* 49 */
	{ INSN_SP_NONE, 0x11, 5250 },	/* 4a */
	{ INSN_SP_NONE, 0x11, 5254 },	/* 4b */
	{ INSN_SP_NONE, 0x11, 5258 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5b */
	{ INSN_SP_NONE, 0x11, 5262 },	/* 5c */
	{ INSN_SP_NONE, 0x11, 5266 },	/* 5d */
	{ INSN_SP_NONE, 0x11, 5270 },	/* 5e */
	{ INSN_SP_NONE, 0x11, 5274 },	/* 5f */
	{ INSN_SP_NONE, 0x11, 5278 },	/* 60 */
	{ INSN_SP_NONE, 0x11, 5282 },	/* 61 */
	{ INSN_SP_NONE, 0x11, 5286 },	/* 62 */
	{ INSN_SP_NONE, 0x11, 5290 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 67 */
	{ INSN_SP_NONE, 0x11, 5294 },	/* 68 */
	{ INSN_SP_NONE, 0x11, 5298 },	/* 69 */
	{ INSN_SP_NONE, 0x11, 5302 },	/* 6a */
	{ INSN_SP_NONE, 0x11, 5306 },	/* 6b */
	{ INSN_SP_NONE, 0x11, 5310 },	/* 6c */
	{ INSN_SP_NONE, 0x11, 5314 },	/* 6d */
	{ INSN_SP_NONE, 0x11, 5318 },	/* 6e */
	{ INSN_SP_NONE, 0x11, 5322 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 77 */
	{ INSN_SP_NONE, 0x11, 5326 },	/* 78 */
	{ INSN_SP_NONE, 0x11, 5330 },	/* 79 */
	{ INSN_SP_NONE, 0x11, 5334 },	/* 7a */
	{ INSN_SP_NONE, 0x11, 5338 },	/* 7b */
	{ INSN_SP_NONE, 0x11, 5342 },	/* 7c */
	{ INSN_SP_NONE, 0x11, 5346 },	/* 7d */
	{ INSN_SP_NONE, 0x11, 5350 },	/* 7e */
	{ INSN_SP_NONE, 0x11, 5354 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 125 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* aa */
	{ INSN_SP_NONE, 0x10, 125 },	/* ab */
	{ INSN_SP_NONE, 0x10, 125 },	/* ac */
	{ INSN_SP_NONE, 0x10, 125 },	/* ad */
	{ INSN_SP_NONE, 0x10, 125 },	/* ae */
	{ INSN_SP_NONE, 0x10, 125 },	/* af */
	{ INSN_SP_NONE, 0x10, 125 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ba */
	{ INSN_SP_NONE, 0x10, 125 },	/* bb */
	{ INSN_SP_NONE, 0x10, 125 },	/* bc */
	{ INSN_SP_NONE, 0x10, 125 },	/* bd */
	{ INSN_SP_NONE, 0x10, 125 },	/* be */
	{ INSN_SP_NONE, 0x10, 125 },	/* bf */
	{ INSN_SP_NONE, 0x10, 125 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ca */
	{ INSN_SP_NONE, 0x10, 125 },	/* cb */
	{ INSN_SP_NONE, 0x10, 125 },	/* cc */
	{ INSN_SP_NONE, 0x10, 125 },	/* cd */
	{ INSN_SP_NONE, 0x11, 5358 },	/* ce */
	{ INSN_SP_NONE, 0x11, 5362 },	/* cf */
	{ INSN_SP_NONE, 0x10, 125 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* da */
	{ INSN_SP_NONE, 0x10, 125 },	/* db */
	{ INSN_SP_NONE, 0x10, 125 },	/* dc */
	{ INSN_SP_NONE, 0x10, 125 },	/* dd */
	{ INSN_SP_NONE, 0x11, 5366 },	/* de */
	{ INSN_SP_NONE, 0x11, 5370 },	/* df */
	{ INSN_SP_NONE, 0x10, 125 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ea */
	{ INSN_SP_NONE, 0x10, 125 },	/* eb */
	{ INSN_SP_NONE, 0x10, 125 },	/* ec */
	{ INSN_SP_NONE, 0x10, 125 },	/* ed */
	{ INSN_SP_NONE, 0x10, 125 },	/* ee */
	{ INSN_SP_NONE, 0x10, 125 },	/* ef */
	{ INSN_SP_NONE, 0x11, 5374 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* fa */
	{ INSN_SP_NONE, 0x10, 125 },	/* fb */
	{ INSN_SP_NONE, 0x10, 125 },	/* fc */
	{ INSN_SP_NONE, 0x10, 125 },	/* fd */
	{ INSN_SP_NONE, 0x10, 125 },	/* fe */
	{ INSN_SP_NONE, 0x10, 125 },	/* ff */
};

static const struct insn_op insn_map_evex1[256] = {
	{ INSN_SP_NONE, 0x10, 38 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 557 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 13 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 14 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 15 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 16 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 40 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 557 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 557 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 557 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 558 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 38 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* aa */
	{ INSN_SP_NONE, 0x10, 38 },	/* ab */
	{ INSN_SP_NONE, 0x10, 38 },	/* ac */
	{ INSN_SP_NONE, 0x10, 38 },	/* ad */
	{ INSN_SP_NONE, 0x10, 38 },	/* ae */
	{ INSN_SP_NONE, 0x10, 38 },	/* af */
	{ INSN_SP_NONE, 0x10, 38 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ba */
	{ INSN_SP_NONE, 0x10, 38 },	/* bb */
	{ INSN_SP_NONE, 0x10, 38 },	/* bc */
	{ INSN_SP_NONE, 0x10, 38 },	/* bd */
	{ INSN_SP_NONE, 0x10, 38 },	/* be */
	{ INSN_SP_NONE, 0x10, 38 },	/* bf */
	{ INSN_SP_NONE, 0x10, 38 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 558 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 558 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 558 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 558 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ca */
	{ INSN_SP_NONE, 0x10, 38 },	/* cb */
	{ INSN_SP_NONE, 0x10, 38 },	/* cc */
	{ INSN_SP_NONE, 0x10, 38 },	/* cd */
	{ INSN_SP_NONE, 0x10, 38 },	/* ce */
	{ INSN_SP_NONE, 0x10, 38 },	/* cf */
	{ INSN_SP_NONE, 0x10, 38 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 557 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 557 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 557 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 557 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 557 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 557 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 557 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 557 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 557 },	/* da */
	{ INSN_SP_NONE, 0x10, 557 },	/* db */
	{ INSN_SP_NONE, 0x10, 557 },	/* dc */
	{ INSN_SP_NONE, 0x10, 557 },	/* dd */
	{ INSN_SP_NONE, 0x10, 557 },	/* de */
	{ INSN_SP_NONE, 0x10, 557 },	/* df */
	{ INSN_SP_NONE, 0x10, 557 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 557 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 557 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 557 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 557 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 557 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 557 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 557 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 557 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 557 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 557 },	/* ea */
	{ INSN_SP_NONE, 0x10, 557 },	/* eb */
	{ INSN_SP_NONE, 0x10, 557 },	/* ec */
	{ INSN_SP_NONE, 0x10, 557 },	/* ed */
	{ INSN_SP_NONE, 0x10, 557 },	/* ee */
	{ INSN_SP_NONE, 0x10, 557 },	/* ef */
	{ INSN_SP_NONE, 0x10, 38 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 557 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 557 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 557 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 557 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 557 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 557 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 557 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 557 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 557 },	/* fa */
	{ INSN_SP_NONE, 0x10, 557 },	/* fb */
	{ INSN_SP_NONE, 0x10, 557 },	/* fc */
	{ INSN_SP_NONE, 0x10, 557 },	/* fd */
	{ INSN_SP_NONE, 0x10, 557 },	/* fe */
	{ INSN_SP_NONE, 0x10, 557 },	/* ff */
};

static const struct insn_op insn_map_evex2[256] = {
	{ INSN_SP_NONE, 0x10, 557 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 557 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 13 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 14 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 15 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 16 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 557 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 557 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 557 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 557 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 557 },	/* 40 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 557 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 557 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 557 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 557 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 557 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 557 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 557 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 557 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 557 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 557 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 557 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 557 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 557 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 557 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 557 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 557 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 557 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 557 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 557 },	/* aa */
	{ INSN_SP_NONE, 0x10, 557 },	/* ab */
	{ INSN_SP_NONE, 0x10, 557 },	/* ac */
	{ INSN_SP_NONE, 0x10, 557 },	/* ad */
	{ INSN_SP_NONE, 0x10, 557 },	/* ae */
	{ INSN_SP_NONE, 0x10, 557 },	/* af */
	{ INSN_SP_NONE, 0x10, 38 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 557 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 557 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 557 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 557 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 557 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 557 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 557 },	/* ba */
	{ INSN_SP_NONE, 0x10, 557 },	/* bb */
	{ INSN_SP_NONE, 0x10, 557 },	/* bc */
	{ INSN_SP_NONE, 0x10, 557 },	/* bd */
	{ INSN_SP_NONE, 0x10, 557 },	/* be */
	{ INSN_SP_NONE, 0x10, 557 },	/* bf */
	{ INSN_SP_NONE, 0x10, 38 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 557 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 557 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 557 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 557 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 557 },	/* ca */
	{ INSN_SP_NONE, 0x10, 557 },	/* cb */
	{ INSN_SP_NONE, 0x10, 557 },	/* cc */
	{ INSN_SP_NONE, 0x10, 557 },	/* cd */
	{ INSN_SP_NONE, 0x10, 38 },	/* ce */
	{ INSN_SP_NONE, 0x10, 557 },	/* cf */
	{ INSN_SP_NONE, 0x10, 38 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* da */
	{ INSN_SP_NONE, 0x10, 38 },	/* db */
	{ INSN_SP_NONE, 0x10, 557 },	/* dc */
	{ INSN_SP_NONE, 0x10, 557 },	/* dd */
	{ INSN_SP_NONE, 0x10, 557 },	/* de */
	{ INSN_SP_NONE, 0x10, 557 },	/* df */
	{ INSN_SP_NONE, 0x10, 38 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ea */
	{ INSN_SP_NONE, 0x10, 38 },	/* eb */
	{ INSN_SP_NONE, 0x10, 38 },	/* ec */
	{ INSN_SP_NONE, 0x10, 38 },	/* ed */
	{ INSN_SP_NONE, 0x10, 38 },	/* ee */
	{ INSN_SP_NONE, 0x10, 38 },	/* ef */
	{ INSN_SP_NONE, 0x10, 38 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* fa */
	{ INSN_SP_NONE, 0x10, 38 },	/* fb */
	{ INSN_SP_NONE, 0x10, 38 },	/* fc */
	{ INSN_SP_NONE, 0x10, 38 },	/* fd */
	{ INSN_SP_NONE, 0x10, 38 },	/* fe */
	{ INSN_SP_NONE, 0x10, 38 },	/* ff */
};

static const struct insn_op insn_map_evex3[256] = {
	{ INSN_SP_NONE, 0x10, 558 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 558 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 558 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 13 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 14 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 15 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 16 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 558 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 558 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 558 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 558 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 558 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 558 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 558 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 558 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 40 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 558 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 558 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 558 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 125 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* aa */
	{ INSN_SP_NONE, 0x10, 125 },	/* ab */
	{ INSN_SP_NONE, 0x10, 125 },	/* ac */
	{ INSN_SP_NONE, 0x10, 125 },	/* ad */
	{ INSN_SP_NONE, 0x10, 125 },	/* ae */
	{ INSN_SP_NONE, 0x10, 125 },	/* af */
	{ INSN_SP_NONE, 0x10, 125 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ba */
	{ INSN_SP_NONE, 0x10, 125 },	/* bb */
	{ INSN_SP_NONE, 0x10, 125 },	/* bc */
	{ INSN_SP_NONE, 0x10, 125 },	/* bd */
	{ INSN_SP_NONE, 0x10, 125 },	/* be */
	{ INSN_SP_NONE, 0x10, 125 },	/* bf */
	{ INSN_SP_NONE, 0x10, 125 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 558 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ca */
	{ INSN_SP_NONE, 0x10, 125 },	/* cb */
	{ INSN_SP_NONE, 0x10, 125 },	/* cc */
	{ INSN_SP_NONE, 0x10, 125 },	/* cd */
	{ INSN_SP_NONE, 0x10, 558 },	/* ce */
	{ INSN_SP_NONE, 0x10, 558 },	/* cf */
	{ INSN_SP_NONE, 0x10, 125 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* da */
	{ INSN_SP_NONE, 0x10, 125 },	/* db */
	{ INSN_SP_NONE, 0x10, 125 },	/* dc */
	{ INSN_SP_NONE, 0x10, 125 },	/* dd */
	{ INSN_SP_NONE, 0x10, 125 },	/* de */
	{ INSN_SP_NONE, 0x10, 125 },	/* df */
	{ INSN_SP_NONE, 0x10, 125 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ea */
	{ INSN_SP_NONE, 0x10, 125 },	/* eb */
	{ INSN_SP_NONE, 0x10, 125 },	/* ec */
	{ INSN_SP_NONE, 0x10, 125 },	/* ed */
	{ INSN_SP_NONE, 0x10, 125 },	/* ee */
	{ INSN_SP_NONE, 0x10, 125 },	/* ef */
	{ INSN_SP_NONE, 0x10, 125 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* fa */
	{ INSN_SP_NONE, 0x10, 125 },	/* fb */
	{ INSN_SP_NONE, 0x10, 125 },	/* fc */
	{ INSN_SP_NONE, 0x10, 125 },	/* fd */
	{ INSN_SP_NONE, 0x10, 125 },	/* fe */
	{ INSN_SP_NONE, 0x10, 125 },	/* ff */
};

static const struct insn_op insn_map_evex5[256] = {
	{ INSN_SP_NONE, 0x10, 38 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 559 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 13 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 14 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 15 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 16 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 559 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 559 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 559 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 559 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 559 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 40 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 559 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 559 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 559 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 559 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 559 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 559 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 559 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 559 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 559 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 559 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 38 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* aa */
	{ INSN_SP_NONE, 0x10, 38 },	/* ab */
	{ INSN_SP_NONE, 0x10, 38 },	/* ac */
	{ INSN_SP_NONE, 0x10, 38 },	/* ad */
	{ INSN_SP_NONE, 0x10, 38 },	/* ae */
	{ INSN_SP_NONE, 0x10, 38 },	/* af */
	{ INSN_SP_NONE, 0x10, 38 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ba */
	{ INSN_SP_NONE, 0x10, 38 },	/* bb */
	{ INSN_SP_NONE, 0x10, 38 },	/* bc */
	{ INSN_SP_NONE, 0x10, 38 },	/* bd */
	{ INSN_SP_NONE, 0x10, 38 },	/* be */
	{ INSN_SP_NONE, 0x10, 38 },	/* bf */
	{ INSN_SP_NONE, 0x10, 38 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ca */
	{ INSN_SP_NONE, 0x10, 38 },	/* cb */
	{ INSN_SP_NONE, 0x10, 38 },	/* cc */
	{ INSN_SP_NONE, 0x10, 38 },	/* cd */
	{ INSN_SP_NONE, 0x10, 38 },	/* ce */
	{ INSN_SP_NONE, 0x10, 38 },	/* cf */
	{ INSN_SP_NONE, 0x10, 38 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* da */
	{ INSN_SP_NONE, 0x10, 38 },	/* db */
	{ INSN_SP_NONE, 0x10, 38 },	/* dc */
	{ INSN_SP_NONE, 0x10, 38 },	/* dd */
	{ INSN_SP_NONE, 0x10, 38 },	/* de */
	{ INSN_SP_NONE, 0x10, 38 },	/* df */
	{ INSN_SP_NONE, 0x10, 38 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ea */
	{ INSN_SP_NONE, 0x10, 38 },	/* eb */
	{ INSN_SP_NONE, 0x10, 38 },	/* ec */
	{ INSN_SP_NONE, 0x10, 38 },	/* ed */
	{ INSN_SP_NONE, 0x10, 38 },	/* ee */
	{ INSN_SP_NONE, 0x10, 38 },	/* ef */
	{ INSN_SP_NONE, 0x10, 38 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* fa */
	{ INSN_SP_NONE, 0x10, 38 },	/* fb */
	{ INSN_SP_NONE, 0x10, 38 },	/* fc */
	{ INSN_SP_NONE, 0x10, 38 },	/* fd */
	{ INSN_SP_NONE, 0x10, 38 },	/* fe */
	{ INSN_SP_NONE, 0x10, 38 },	/* ff */
};

static const struct insn_op insn_map_evex6[256] = {
	{ INSN_SP_NONE, 0x10, 38 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 13 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 14 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 15 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 16 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 559 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 559 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 40 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 559 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 559 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 559 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 559 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 559 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 559 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 559 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 559 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 559 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 559 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 38 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 559 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 559 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 559 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 559 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 559 },	/* aa */
	{ INSN_SP_NONE, 0x10, 559 },	/* ab */
	{ INSN_SP_NONE, 0x10, 559 },	/* ac */
	{ INSN_SP_NONE, 0x10, 559 },	/* ad */
	{ INSN_SP_NONE, 0x10, 559 },	/* ae */
	{ INSN_SP_NONE, 0x10, 559 },	/* af */
	{ INSN_SP_NONE, 0x10, 38 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 559 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 559 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 559 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 559 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 559 },	/* ba */
	{ INSN_SP_NONE, 0x10, 559 },	/* bb */
	{ INSN_SP_NONE, 0x10, 559 },	/* bc */
	{ INSN_SP_NONE, 0x10, 559 },	/* bd */
	{ INSN_SP_NONE, 0x10, 559 },	/* be */
	{ INSN_SP_NONE, 0x10, 559 },	/* bf */
	{ INSN_SP_NONE, 0x10, 38 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ca */
	{ INSN_SP_NONE, 0x10, 38 },	/* cb */
	{ INSN_SP_NONE, 0x10, 38 },	/* cc */
	{ INSN_SP_NONE, 0x10, 38 },	/* cd */
	{ INSN_SP_NONE, 0x10, 38 },	/* ce */
	{ INSN_SP_NONE, 0x10, 38 },	/* cf */
	{ INSN_SP_NONE, 0x10, 38 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 559 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 559 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* da */
	{ INSN_SP_NONE, 0x10, 38 },	/* db */
	{ INSN_SP_NONE, 0x10, 38 },	/* dc */
	{ INSN_SP_NONE, 0x10, 38 },	/* dd */
	{ INSN_SP_NONE, 0x10, 38 },	/* de */
	{ INSN_SP_NONE, 0x10, 38 },	/* df */
	{ INSN_SP_NONE, 0x10, 38 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ea */
	{ INSN_SP_NONE, 0x10, 38 },	/* eb */
	{ INSN_SP_NONE, 0x10, 38 },	/* ec */
	{ INSN_SP_NONE, 0x10, 38 },	/* ed */
	{ INSN_SP_NONE, 0x10, 38 },	/* ee */
	{ INSN_SP_NONE, 0x10, 38 },	/* ef */
	{ INSN_SP_NONE, 0x10, 38 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* fa */
	{ INSN_SP_NONE, 0x10, 38 },	/* fb */
	{ INSN_SP_NONE, 0x10, 38 },	/* fc */
	{ INSN_SP_NONE, 0x10, 38 },	/* fd */
	{ INSN_SP_NONE, 0x10, 38 },	/* fe */
	{ INSN_SP_NONE, 0x10, 38 },	/* ff */
};

static const struct insn_op insn_map_xop8[256] = {
	{ INSN_SP_NONE, 0x10, 125 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 11 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 13 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 14 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 15 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 16 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 40 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 125 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 84 */
	{ INSN_SP_NONE, 0x11, 5378 },	/* 85 */
	{ INSN_SP_NONE, 0x11, 5382 },	/* 86 */
	{ INSN_SP_NONE, 0x11, 5386 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 8d */
	{ INSN_SP_NONE, 0x11, 5390 },	/* 8e */
	{ INSN_SP_NONE, 0x11, 5394 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 125 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 94 */
	{ INSN_SP_NONE, 0x11, 5398 },	/* 95 */
	{ INSN_SP_NONE, 0x11, 5402 },	/* 96 */
	{ INSN_SP_NONE, 0x11, 5406 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 125 },	/* 9d */
	{ INSN_SP_NONE, 0x11, 5410 },	/* 9e */
	{ INSN_SP_NONE, 0x11, 5414 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 125 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a1 */
	{ INSN_SP_NONE, 0x11, 5418 },	/* a2 */
	{ INSN_SP_NONE, 0x11, 5422 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a5 */
	{ INSN_SP_NONE, 0x11, 5426 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* aa */
	{ INSN_SP_NONE, 0x10, 125 },	/* ab */
	{ INSN_SP_NONE, 0x10, 125 },	/* ac */
	{ INSN_SP_NONE, 0x10, 125 },	/* ad */
	{ INSN_SP_NONE, 0x10, 125 },	/* ae */
	{ INSN_SP_NONE, 0x10, 125 },	/* af */
	{ INSN_SP_NONE, 0x10, 125 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b5 */
	{ INSN_SP_NONE, 0x11, 5430 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ba */
	{ INSN_SP_NONE, 0x10, 125 },	/* bb */
	{ INSN_SP_NONE, 0x10, 125 },	/* bc */
	{ INSN_SP_NONE, 0x10, 125 },	/* bd */
	{ INSN_SP_NONE, 0x10, 125 },	/* be */
	{ INSN_SP_NONE, 0x10, 125 },	/* bf */
	{ INSN_SP_NONE, 0x11, 5434 },	/* c0 */
	{ INSN_SP_NONE, 0x11, 5438 },	/* c1 */
	{ INSN_SP_NONE, 0x11, 5442 },	/* c2 */
	{ INSN_SP_NONE, 0x11, 5446 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ca */
	{ INSN_SP_NONE, 0x10, 125 },	/* cb */
	{ INSN_SP_NONE, 0x11, 5450 },	/* cc */
	{ INSN_SP_NONE, 0x11, 5454 },	/* cd */
	{ INSN_SP_NONE, 0x11, 5458 },	/* ce */
	{ INSN_SP_NONE, 0x11, 5462 },	/* cf */
	{ INSN_SP_NONE, 0x10, 125 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* da */
	{ INSN_SP_NONE, 0x10, 125 },	/* db */
	{ INSN_SP_NONE, 0x10, 125 },	/* dc */
	{ INSN_SP_NONE, 0x10, 125 },	/* dd */
	{ INSN_SP_NONE, 0x10, 125 },	/* de */
	{ INSN_SP_NONE, 0x10, 125 },	/* df */
	{ INSN_SP_NONE, 0x10, 125 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* ea */
	{ INSN_SP_NONE, 0x10, 125 },	/* eb */
	{ INSN_SP_NONE, 0x11, 5466 },	/* ec */
	{ INSN_SP_NONE, 0x11, 5470 },	/* ed */
	{ INSN_SP_NONE, 0x11, 5474 },	/* ee */
	{ INSN_SP_NONE, 0x11, 5478 },	/* ef */
	{ INSN_SP_NONE, 0x10, 125 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 125 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 125 },	/* fa */
	{ INSN_SP_NONE, 0x10, 125 },	/* fb */
	{ INSN_SP_NONE, 0x10, 125 },	/* fc */
	{ INSN_SP_NONE, 0x10, 125 },	/* fd */
	{ INSN_SP_NONE, 0x10, 125 },	/* fe */
	{ INSN_SP_NONE, 0x10, 125 },	/* ff */
};

static const struct insn_op insn_map_xop9[256] = {
	{ INSN_SP_NONE, 0x10, 38 },	/* 00 */
	{ INSN_SP_NONE, 0x11, 5482 },	/* 01 */
	{ INSN_SP_NONE, 0x11, 5486 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 0f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 11 */
	{ INSN_SP_NONE, 0x17, 5490 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 13 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 14 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 15 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 16 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 40 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 38 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 7f */
	{ INSN_SP_NONE, 0x11, 5554 },	/* 80 */
	{ INSN_SP_NONE, 0x11, 5558 },	/* 81 */
	{ INSN_SP_NONE, 0x11, 5562 },	/* 82 */
	{ INSN_SP_NONE, 0x11, 5566 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 8f */
	{ INSN_SP_NONE, 0x11, 5570 },	/* 90 */
	{ INSN_SP_NONE, 0x11, 5574 },	/* 91 */
	{ INSN_SP_NONE, 0x11, 5578 },	/* 92 */
	{ INSN_SP_NONE, 0x11, 5582 },	/* 93 */
	{ INSN_SP_NONE, 0x11, 5586 },	/* 94 */
	{ INSN_SP_NONE, 0x11, 5590 },	/* 95 */
	{ INSN_SP_NONE, 0x11, 5594 },	/* 96 */
	{ INSN_SP_NONE, 0x11, 5598 },	/* 97 */
	{ INSN_SP_NONE, 0x11, 5602 },	/* 98 */
	{ INSN_SP_NONE, 0x11, 5606 },	/* 99 */
	{ INSN_SP_NONE, 0x11, 5610 },	/* 9a */
	{ INSN_SP_NONE, 0x11, 5614 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 38 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 38 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* aa */
	{ INSN_SP_NONE, 0x10, 38 },	/* ab */
	{ INSN_SP_NONE, 0x10, 38 },	/* ac */
	{ INSN_SP_NONE, 0x10, 38 },	/* ad */
	{ INSN_SP_NONE, 0x10, 38 },	/* ae */
	{ INSN_SP_NONE, 0x10, 38 },	/* af */
	{ INSN_SP_NONE, 0x10, 38 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ba */
	{ INSN_SP_NONE, 0x10, 38 },	/* bb */
	{ INSN_SP_NONE, 0x10, 38 },	/* bc */
	{ INSN_SP_NONE, 0x10, 38 },	/* bd */
	{ INSN_SP_NONE, 0x10, 38 },	/* be */
	{ INSN_SP_NONE, 0x10, 38 },	/* bf */
	{ INSN_SP_NONE, 0x10, 38 },	/* c0 */
	{ INSN_SP_NONE, 0x11, 5618 },	/* c1 */
	{ INSN_SP_NONE, 0x11, 5622 },	/* c2 */
	{ INSN_SP_NONE, 0x11, 5626 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c5 */
	{ INSN_SP_NONE, 0x11, 5630 },	/* c6 */
	{ INSN_SP_NONE, 0x11, 5634 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ca */
	{ INSN_SP_NONE, 0x11, 5638 },	/* cb */
	{ INSN_SP_NONE, 0x10, 38 },	/* cc */
	{ INSN_SP_NONE, 0x10, 38 },	/* cd */
	{ INSN_SP_NONE, 0x10, 38 },	/* ce */
	{ INSN_SP_NONE, 0x10, 38 },	/* cf */
	{ INSN_SP_NONE, 0x10, 38 },	/* d0 */
	{ INSN_SP_NONE, 0x11, 5642 },	/* d1 */
	{ INSN_SP_NONE, 0x11, 5646 },	/* d2 */
	{ INSN_SP_NONE, 0x11, 5650 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d5 */
	{ INSN_SP_NONE, 0x11, 5654 },	/* d6 */
	{ INSN_SP_NONE, 0x11, 5658 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* da */
	{ INSN_SP_NONE, 0x11, 5662 },	/* db */
	{ INSN_SP_NONE, 0x10, 38 },	/* dc */
	{ INSN_SP_NONE, 0x10, 38 },	/* dd */
	{ INSN_SP_NONE, 0x10, 38 },	/* de */
	{ INSN_SP_NONE, 0x10, 38 },	/* df */
	{ INSN_SP_NONE, 0x10, 38 },	/* e0 */
	{ INSN_SP_NONE, 0x11, 5666 },	/* e1 */
	{ INSN_SP_NONE, 0x11, 5670 },	/* e2 */
	{ INSN_SP_NONE, 0x11, 5674 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* ea */
	{ INSN_SP_NONE, 0x10, 38 },	/* eb */
	{ INSN_SP_NONE, 0x10, 38 },	/* ec */
	{ INSN_SP_NONE, 0x10, 38 },	/* ed */
	{ INSN_SP_NONE, 0x10, 38 },	/* ee */
	{ INSN_SP_NONE, 0x10, 38 },	/* ef */
	{ INSN_SP_NONE, 0x10, 38 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 38 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 38 },	/* fa */
	{ INSN_SP_NONE, 0x10, 38 },	/* fb */
	{ INSN_SP_NONE, 0x10, 38 },	/* fc */
	{ INSN_SP_NONE, 0x10, 38 },	/* fd */
	{ INSN_SP_NONE, 0x10, 38 },	/* fe */
	{ INSN_SP_NONE, 0x10, 38 },	/* ff */
};

static const struct insn_op insn_map_xopa[256] = {
	{ INSN_SP_NONE, 0x10, 564 },	/* 00 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 01 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 02 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 03 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 04 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 05 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 06 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 07 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 08 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 09 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 0a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 0b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 0c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 0d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 0e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 0f */
	{ INSN_SP_NONE, 0x11, 5678 },	/* 10 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 11 */
	{ INSN_SP_NONE, 0x15, 5682 },	/* 12 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 13 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 14 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 15 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 16 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 17 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 18 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 19 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 1a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 1b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 1c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 1d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 1e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 1f */
	{ INSN_SP_NONE, 0x10, 564 },	/* 20 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 21 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 22 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 23 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 24 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 25 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 26 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 27 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 28 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 29 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 2a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 2b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 2c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 2d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 2e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 2f */
	{ INSN_SP_NONE, 0x10, 564 },	/* 30 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 31 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 32 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 33 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 34 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 35 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 36 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 37 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 38 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 39 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 3a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 3b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 3c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 3d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 3e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 3f */
	{ INSN_SP_NONE, 0x10, 564 },	/* 40 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 41 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 42 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 43 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 44 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 45 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 46 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 47 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 48 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 49 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 4a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 4b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 4c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 4d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 4e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 4f */
	{ INSN_SP_NONE, 0x10, 564 },	/* 50 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 51 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 52 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 53 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 54 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 55 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 56 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 57 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 58 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 59 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 5a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 5b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 5c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 5d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 5e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 5f */
	{ INSN_SP_NONE, 0x10, 564 },	/* 60 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 61 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 62 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 63 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 64 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 65 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 66 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 67 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 68 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 69 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 6a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 6b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 6c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 6d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 6e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 6f */
	{ INSN_SP_NONE, 0x10, 564 },	/* 70 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 71 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 72 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 73 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 74 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 75 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 76 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 77 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 78 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 79 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 7a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 7b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 7c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 7d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 7e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 7f */
	{ INSN_SP_NONE, 0x10, 564 },	/* 80 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 81 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 82 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 83 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 84 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 85 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 86 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 87 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 88 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 89 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 8a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 8b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 8c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 8d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 8e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 8f */
	{ INSN_SP_NONE, 0x10, 564 },	/* 90 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 91 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 92 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 93 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 94 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 95 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 96 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 97 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 98 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 99 */
	{ INSN_SP_NONE, 0x10, 564 },	/* 9a */
	{ INSN_SP_NONE, 0x10, 564 },	/* 9b */
	{ INSN_SP_NONE, 0x10, 564 },	/* 9c */
	{ INSN_SP_NONE, 0x10, 564 },	/* 9d */
	{ INSN_SP_NONE, 0x10, 564 },	/* 9e */
	{ INSN_SP_NONE, 0x10, 564 },	/* 9f */
	{ INSN_SP_NONE, 0x10, 564 },	/* a0 */
	{ INSN_SP_NONE, 0x10, 564 },	/* a1 */
	{ INSN_SP_NONE, 0x10, 564 },	/* a2 */
	{ INSN_SP_NONE, 0x10, 564 },	/* a3 */
	{ INSN_SP_NONE, 0x10, 564 },	/* a4 */
	{ INSN_SP_NONE, 0x10, 564 },	/* a5 */
	{ INSN_SP_NONE, 0x10, 564 },	/* a6 */
	{ INSN_SP_NONE, 0x10, 564 },	/* a7 */
	{ INSN_SP_NONE, 0x10, 564 },	/* a8 */
	{ INSN_SP_NONE, 0x10, 564 },	/* a9 */
	{ INSN_SP_NONE, 0x10, 564 },	/* aa */
	{ INSN_SP_NONE, 0x10, 564 },	/* ab */
	{ INSN_SP_NONE, 0x10, 564 },	/* ac */
	{ INSN_SP_NONE, 0x10, 564 },	/* ad */
	{ INSN_SP_NONE, 0x10, 564 },	/* ae */
	{ INSN_SP_NONE, 0x10, 564 },	/* af */
	{ INSN_SP_NONE, 0x10, 564 },	/* b0 */
	{ INSN_SP_NONE, 0x10, 564 },	/* b1 */
	{ INSN_SP_NONE, 0x10, 564 },	/* b2 */
	{ INSN_SP_NONE, 0x10, 564 },	/* b3 */
	{ INSN_SP_NONE, 0x10, 564 },	/* b4 */
	{ INSN_SP_NONE, 0x10, 564 },	/* b5 */
	{ INSN_SP_NONE, 0x10, 564 },	/* b6 */
	{ INSN_SP_NONE, 0x10, 564 },	/* b7 */
	{ INSN_SP_NONE, 0x10, 564 },	/* b8 */
	{ INSN_SP_NONE, 0x10, 564 },	/* b9 */
	{ INSN_SP_NONE, 0x10, 564 },	/* ba */
	{ INSN_SP_NONE, 0x10, 564 },	/* bb */
	{ INSN_SP_NONE, 0x10, 564 },	/* bc */
	{ INSN_SP_NONE, 0x10, 564 },	/* bd */
	{ INSN_SP_NONE, 0x10, 564 },	/* be */
	{ INSN_SP_NONE, 0x10, 564 },	/* bf */
	{ INSN_SP_NONE, 0x10, 564 },	/* c0 */
	{ INSN_SP_NONE, 0x10, 564 },	/* c1 */
	{ INSN_SP_NONE, 0x10, 564 },	/* c2 */
	{ INSN_SP_NONE, 0x10, 564 },	/* c3 */
	{ INSN_SP_NONE, 0x10, 564 },	/* c4 */
	{ INSN_SP_NONE, 0x10, 564 },	/* c5 */
	{ INSN_SP_NONE, 0x10, 564 },	/* c6 */
	{ INSN_SP_NONE, 0x10, 564 },	/* c7 */
	{ INSN_SP_NONE, 0x10, 564 },	/* c8 */
	{ INSN_SP_NONE, 0x10, 564 },	/* c9 */
	{ INSN_SP_NONE, 0x10, 564 },	/* ca */
	{ INSN_SP_NONE, 0x10, 564 },	/* cb */
	{ INSN_SP_NONE, 0x10, 564 },	/* cc */
	{ INSN_SP_NONE, 0x10, 564 },	/* cd */
	{ INSN_SP_NONE, 0x10, 564 },	/* ce */
	{ INSN_SP_NONE, 0x10, 564 },	/* cf */
	{ INSN_SP_NONE, 0x10, 564 },	/* d0 */
	{ INSN_SP_NONE, 0x10, 564 },	/* d1 */
	{ INSN_SP_NONE, 0x10, 564 },	/* d2 */
	{ INSN_SP_NONE, 0x10, 564 },	/* d3 */
	{ INSN_SP_NONE, 0x10, 564 },	/* d4 */
	{ INSN_SP_NONE, 0x10, 564 },	/* d5 */
	{ INSN_SP_NONE, 0x10, 564 },	/* d6 */
	{ INSN_SP_NONE, 0x10, 564 },	/* d7 */
	{ INSN_SP_NONE, 0x10, 564 },	/* d8 */
	{ INSN_SP_NONE, 0x10, 564 },	/* d9 */
	{ INSN_SP_NONE, 0x10, 564 },	/* da */
	{ INSN_SP_NONE, 0x10, 564 },	/* db */
	{ INSN_SP_NONE, 0x10, 564 },	/* dc */
	{ INSN_SP_NONE, 0x10, 564 },	/* dd */
	{ INSN_SP_NONE, 0x10, 564 },	/* de */
	{ INSN_SP_NONE, 0x10, 564 },	/* df */
	{ INSN_SP_NONE, 0x10, 564 },	/* e0 */
	{ INSN_SP_NONE, 0x10, 564 },	/* e1 */
	{ INSN_SP_NONE, 0x10, 564 },	/* e2 */
	{ INSN_SP_NONE, 0x10, 564 },	/* e3 */
	{ INSN_SP_NONE, 0x10, 564 },	/* e4 */
	{ INSN_SP_NONE, 0x10, 564 },	/* e5 */
	{ INSN_SP_NONE, 0x10, 564 },	/* e6 */
	{ INSN_SP_NONE, 0x10, 564 },	/* e7 */
	{ INSN_SP_NONE, 0x10, 564 },	/* e8 */
	{ INSN_SP_NONE, 0x10, 564 },	/* e9 */
	{ INSN_SP_NONE, 0x10, 564 },	/* ea */
	{ INSN_SP_NONE, 0x10, 564 },	/* eb */
	{ INSN_SP_NONE, 0x10, 564 },	/* ec */
	{ INSN_SP_NONE, 0x10, 564 },	/* ed */
	{ INSN_SP_NONE, 0x10, 564 },	/* ee */
	{ INSN_SP_NONE, 0x10, 564 },	/* ef */
	{ INSN_SP_NONE, 0x10, 564 },	/* f0 */
	{ INSN_SP_NONE, 0x10, 564 },	/* f1 */
	{ INSN_SP_NONE, 0x10, 564 },	/* f2 */
	{ INSN_SP_NONE, 0x10, 564 },	/* f3 */
	{ INSN_SP_NONE, 0x10, 564 },	/* f4 */
	{ INSN_SP_NONE, 0x10, 564 },	/* f5 */
	{ INSN_SP_NONE, 0x10, 564 },	/* f6 */
	{ INSN_SP_NONE, 0x10, 564 },	/* f7 */
	{ INSN_SP_NONE, 0x10, 564 },	/* f8 */
	{ INSN_SP_NONE, 0x10, 564 },	/* f9 */
	{ INSN_SP_NONE, 0x10, 564 },	/* fa */
	{ INSN_SP_NONE, 0x10, 564 },	/* fb */
	{ INSN_SP_NONE, 0x10, 564 },	/* fc */
	{ INSN_SP_NONE, 0x10, 564 },	/* fd */
	{ INSN_SP_NONE, 0x10, 564 },	/* fe */
	{ INSN_SP_NONE, 0x10, 564 },	/* ff */
};

static const struct insn_op insn_map_3dnow[256] = {
	{ INSN_SP_NONE, 0x00, 0 },	/* 00 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 01 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 02 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 03 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 04 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 05 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 06 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 07 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 08 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 09 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 0a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 0b */
	{ INSN_SP_NONE, 0x00, 568 },	/* 0c */
	{ INSN_SP_NONE, 0x00, 569 },	/* 0d */
	{ INSN_SP_NONE, 0x00, 0 },	/* 0e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 0f */
	{ INSN_SP_NONE, 0x00, 0 },	/* 10 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 11 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 12 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 13 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 14 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 15 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 16 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 17 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 18 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 19 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 1a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 1b */
	{ INSN_SP_NONE, 0x00, 570 },	/* 1c */
	{ INSN_SP_NONE, 0x00, 571 },	/* 1d */
	{ INSN_SP_NONE, 0x00, 0 },	/* 1e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 1f */
	{ INSN_SP_NONE, 0x00, 0 },	/* 20 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 21 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 22 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 23 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 24 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 25 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 26 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 27 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 28 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 29 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 2a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 2b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 2c */
	{ INSN_SP_NONE, 0x00, 0 },	/* 2d */
	{ INSN_SP_NONE, 0x00, 0 },	/* 2e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 2f */
	{ INSN_SP_NONE, 0x00, 0 },	/* 30 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 31 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 32 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 33 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 34 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 35 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 36 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 37 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 38 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 39 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3c */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3d */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 3f */
	{ INSN_SP_NONE, 0x00, 0 },	/* 40 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 41 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 42 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 43 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 44 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 45 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 46 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 47 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 48 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 49 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 4a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 4b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 4c */
	{ INSN_SP_NONE, 0x00, 0 },	/* 4d */
	{ INSN_SP_NONE, 0x00, 0 },	/* 4e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 4f */
	{ INSN_SP_NONE, 0x00, 0 },	/* 50 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 51 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 52 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 53 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 54 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 55 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 56 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 57 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 58 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 59 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 5a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 5b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 5c */
	{ INSN_SP_NONE, 0x00, 0 },	/* 5d */
	{ INSN_SP_NONE, 0x00, 0 },	/* 5e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 5f */
	{ INSN_SP_NONE, 0x00, 0 },	/* 60 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 61 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 62 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 63 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 64 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 65 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 66 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 67 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 68 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 69 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 6a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 6b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 6c */
	{ INSN_SP_NONE, 0x00, 0 },	/* 6d */
	{ INSN_SP_NONE, 0x00, 0 },	/* 6e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 6f */
	{ INSN_SP_NONE, 0x00, 0 },	/* 70 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 71 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 72 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 73 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 74 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 75 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 76 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 77 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 78 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 79 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 7a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 7b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 7c */
	{ INSN_SP_NONE, 0x00, 0 },	/* 7d */
	{ INSN_SP_NONE, 0x00, 0 },	/* 7e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 7f */
	{ INSN_SP_NONE, 0x00, 0 },	/* 80 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 81 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 82 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 83 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 84 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 85 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 86 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 87 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 88 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 89 */
	{ INSN_SP_NONE, 0x00, 572 },	/* 8a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 8b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 8c */
	{ INSN_SP_NONE, 0x00, 0 },	/* 8d */
	{ INSN_SP_NONE, 0x00, 573 },	/* 8e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 8f */
	{ INSN_SP_NONE, 0x00, 574 },	/* 90 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 91 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 92 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 93 */
	{ INSN_SP_NONE, 0x00, 575 },	/* 94 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 95 */
	{ INSN_SP_NONE, 0x00, 576 },	/* 96 */
	{ INSN_SP_NONE, 0x00, 577 },	/* 97 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 98 */
	{ INSN_SP_NONE, 0x00, 0 },	/* 99 */
	{ INSN_SP_NONE, 0x00, 578 },	/* 9a */
	{ INSN_SP_NONE, 0x00, 0 },	/* 9b */
	{ INSN_SP_NONE, 0x00, 0 },	/* 9c */
	{ INSN_SP_NONE, 0x00, 0 },	/* 9d */
	{ INSN_SP_NONE, 0x00, 579 },	/* 9e */
	{ INSN_SP_NONE, 0x00, 0 },	/* 9f */
	{ INSN_SP_NONE, 0x00, 580 },	/* a0 */
	{ INSN_SP_NONE, 0x00, 0 },	/* a1 */
	{ INSN_SP_NONE, 0x00, 0 },	/* a2 */
	{ INSN_SP_NONE, 0x00, 0 },	/* a3 */
	{ INSN_SP_NONE, 0x00, 581 },	/* a4 */
	{ INSN_SP_NONE, 0x00, 0 },	/* a5 */
	{ INSN_SP_NONE, 0x00, 582 },	/* a6 */
	{ INSN_SP_NONE, 0x00, 583 },	/* a7 */
	{ INSN_SP_NONE, 0x00, 0 },	/* a8 */
	{ INSN_SP_NONE, 0x00, 0 },	/* a9 */
	{ INSN_SP_NONE, 0x00, 584 },	/* aa */
	{ INSN_SP_NONE, 0x00, 0 },	/* ab */
	{ INSN_SP_NONE, 0x00, 0 },	/* ac */
	{ INSN_SP_NONE, 0x00, 0 },	/* ad */
	{ INSN_SP_NONE, 0x00, 585 },	/* ae */
	{ INSN_SP_NONE, 0x00, 0 },	/* af */
	{ INSN_SP_NONE, 0x00, 586 },	/* b0 */
	{ INSN_SP_NONE, 0x00, 0 },	/* b1 */
	{ INSN_SP_NONE, 0x00, 0 },	/* b2 */
	{ INSN_SP_NONE, 0x00, 0 },	/* b3 */
	{ INSN_SP_NONE, 0x00, 587 },	/* b4 */
	{ INSN_SP_NONE, 0x00, 0 },	/* b5 */
	{ INSN_SP_NONE, 0x00, 588 },	/* b6 */
	{ INSN_SP_NONE, 0x00, 589 },	/* b7 */
	{ INSN_SP_NONE, 0x00, 0 },	/* b8 */
	{ INSN_SP_NONE, 0x00, 0 },	/* b9 */
	{ INSN_SP_NONE, 0x00, 0 },	/* ba */
	{ INSN_SP_NONE, 0x00, 590 },	/* bb */
	{ INSN_SP_NONE, 0x00, 0 },	/* bc */
	{ INSN_SP_NONE, 0x00, 0 },	/* bd */
	{ INSN_SP_NONE, 0x00, 0 },	/* be */
	{ INSN_SP_NONE, 0x00, 591 },	/* bf */
	{ INSN_SP_NONE, 0x00, 0 },	/* c0 */
	{ INSN_SP_NONE, 0x00, 0 },	/* c1 */
	{ INSN_SP_NONE, 0x00, 0 },	/* c2 */
	{ INSN_SP_NONE, 0x00, 0 },	/* c3 */
	{ INSN_SP_NONE, 0x00, 0 },	/* c4 */
	{ INSN_SP_NONE, 0x00, 0 },	/* c5 */
	{ INSN_SP_NONE, 0x00, 0 },	/* c6 */
	{ INSN_SP_NONE, 0x00, 0 },	/* c7 */
	{ INSN_SP_NONE, 0x00, 0 },	/* c8 */
	{ INSN_SP_NONE, 0x00, 0 },	/* c9 */
	{ INSN_SP_NONE, 0x00, 0 },	/* ca */
	{ INSN_SP_NONE, 0x00, 0 },	/* cb */
	{ INSN_SP_NONE, 0x00, 0 },	/* cc */
	{ INSN_SP_NONE, 0x00, 0 },	/* cd */
	{ INSN_SP_NONE, 0x00, 0 },	/* ce */
	{ INSN_SP_NONE, 0x00, 0 },	/* cf */
	{ INSN_SP_NONE, 0x00, 0 },	/* d0 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d1 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d2 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d3 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d4 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d5 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d6 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d7 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d8 */
	{ INSN_SP_NONE, 0x00, 0 },	/* d9 */
	{ INSN_SP_NONE, 0x00, 0 },	/* da */
	{ INSN_SP_NONE, 0x00, 0 },	/* db */
	{ INSN_SP_NONE, 0x00, 0 },	/* dc */
	{ INSN_SP_NONE, 0x00, 0 },	/* dd */
	{ INSN_SP_NONE, 0x00, 0 },	/* de */
	{ INSN_SP_NONE, 0x00, 0 },	/* df */
	{ INSN_SP_NONE, 0x00, 0 },	/* e0 */
	{ INSN_SP_NONE, 0x00, 0 },	/* e1 */
	{ INSN_SP_NONE, 0x00, 0 },	/* e2 */
	{ INSN_SP_NONE, 0x00, 0 },	/* e3 */
	{ INSN_SP_NONE, 0x00, 0 },	/* e4 */
	{ INSN_SP_NONE, 0x00, 0 },	/* e5 */
	{ INSN_SP_NONE, 0x00, 0 },	/* e6 */
	{ INSN_SP_NONE, 0x00, 0 },	/* e7 */
	{ INSN_SP_NONE, 0x00, 0 },	/* e8 */
	{ INSN_SP_NONE, 0x00, 0 },	/* e9 */
	{ INSN_SP_NONE, 0x00, 0 },	/* ea */
	{ INSN_SP_NONE, 0x00, 0 },	/* eb */
	{ INSN_SP_NONE, 0x00, 0 },	/* ec */
	{ INSN_SP_NONE, 0x00, 0 },	/* ed */
	{ INSN_SP_NONE, 0x00, 0 },	/* ee */
	{ INSN_SP_NONE, 0x00, 0 },	/* ef */
	{ INSN_SP_NONE, 0x00, 0 },	/* f0 */
	{ INSN_SP_NONE, 0x00, 0 },	/* f1 */
	{ INSN_SP_NONE, 0x00, 0 },	/* f2 */
	{ INSN_SP_NONE, 0x00, 0 },	/* f3 */
	{ INSN_SP_NONE, 0x00, 0 },	/* f4 */
	{ INSN_SP_NONE, 0x00, 0 },	/* f5 */
	{ INSN_SP_NONE, 0x00, 0 },	/* f6 */
	{ INSN_SP_NONE, 0x00, 0 },	/* f7 */
	{ INSN_SP_NONE, 0x00, 0 },	/* f8 */
	{ INSN_SP_NONE, 0x00, 0 },	/* f9 */
	{ INSN_SP_NONE, 0x00, 0 },	/* fa */
	{ INSN_SP_NONE, 0x00, 0 },	/* fb */
	{ INSN_SP_NONE, 0x00, 0 },	/* fc */
	{ INSN_SP_NONE, 0x00, 0 },	/* fd */
	{ INSN_SP_NONE, 0x00, 0 },	/* fe */
	{ INSN_SP_NONE, 0x00, 0 },	/* ff */
};

static const struct insn_op *const insn_maps[INSN_NMAPS] = {
	insn_map_onebyte,
	insn_map_0f,
	insn_map_0f38,
	insn_map_0f3a,
	insn_map_vex1,
	insn_map_vex2,
	insn_map_vex3,
	insn_map_evex1,
	insn_map_evex2,
	insn_map_evex3,
	insn_map_evex5,
	insn_map_evex6,
	insn_map_xop8,
	insn_map_xop9,
	insn_map_xopa,
	insn_map_3dnow,
};
