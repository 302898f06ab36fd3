build2/patch/djprobe_fsm.o: patch/djprobe_fsm.c patch/djprobe_fsm.h
patch/djprobe_fsm.h:
