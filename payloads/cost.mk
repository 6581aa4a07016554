# cost: the cost cells' one program, counted in instructions.
PAYLOAD_cost_SRC       := compat-tests/bench
PAYLOAD_cost_PROGS     := cost
$(eval $(payload-row))
