"""The games this program holds, one package each: ``dice`` (Tortuga, the pirate dice game) and
``t1667`` (Tortuga 1667, the hidden-loyalty game). The shell and the network layer name neither."""
