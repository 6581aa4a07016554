# cost: the cost cells' one program, counted in instructions.
cost_SRC       := compat-tests/bench
cost_PROGS     := cost
$(eval $(call payload,cost))
