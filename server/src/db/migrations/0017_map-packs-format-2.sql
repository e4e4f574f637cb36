-- Issue 39: tile packs of format 2 (decision 0033) carry the tiles made ahead; cell versions
-- prepared in format 1 are prepared again (generated with `drizzle-kit generate --custom`). Their
-- states go, and the server queues their preparation when it starts (`queueStalePreparations`);
-- until then their tiles are answered as a pending cell's are. S-102 grids keep their stored
-- depths: their preparation finds them stored and is done at once.
DELETE FROM "map_cell_states" WHERE "status" = 'ready';
