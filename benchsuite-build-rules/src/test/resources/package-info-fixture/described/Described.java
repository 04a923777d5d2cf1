package described;

class Described {}
